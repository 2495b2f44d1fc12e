/** How parse errors quote the input: short enough for a report however long the line was. */

const QUOTE_MAX = 80;
const RAW_MAX = 500;

/** `value` in double quotes, cut to 80 characters with an ellipsis. */
export function show(value: string): string {
  return JSON.stringify(value.length > QUOTE_MAX ? `${value.slice(0, QUOTE_MAX)}…` : value);
}

/** A source line kept with its error, cut to 500 characters with an ellipsis. */
export function clip(raw: string): string {
  return raw.length > RAW_MAX ? `${raw.slice(0, RAW_MAX)}…` : raw;
}

/** 1000 → "1,000" (messages are English, like the rest of the error catalogue). */
export const count = (n: number): string => n.toLocaleString('en-US');
