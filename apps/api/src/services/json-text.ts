/**
 * A response body that is already JSON (e.g. built by the database in the contract's shape, or kept
 * encoded in a cache): the registrar sends it as it is instead of serialising an object. `T` is the
 * value it encodes, so a handler's answer is still checked against its endpoint's response type.
 */
export class JsonText<T> {
  declare readonly encodes?: T;
  /** JSON text, or its UTF-8 bytes (sent without encoding them again). */
  constructor(readonly text: string | Buffer) {}
}

/** `{"<key>": <json>}` around an already serialised value, as UTF-8 bytes. */
export function jsonField<K extends string, V>(key: K, json: string): JsonText<{ [P in K]: V }> {
  return new JsonText(Buffer.from(`{${JSON.stringify(key)}:${json}}`));
}
