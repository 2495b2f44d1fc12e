import type { DefaultsTree } from './defaults.js';
import type { AnyEndpoint, BodyType, ResponseType } from './endpoint.js';
import type { Contract } from './index.js';

declare const ENDPOINT: unique symbol;

/**
 * A contract entry without its schemas: what a client needs to send the call (method, path, auth,
 * body and response types). Its type still carries the entry, so arguments and results stay typed;
 * the schemas load on demand when the client validates (see `ClientOptions`).
 */
export interface EndpointRef<E extends AnyEndpoint = AnyEndpoint> {
  readonly domain: string;
  readonly name: string;
  readonly method: E['method'];
  readonly path: E['path'];
  readonly auth: E['auth'];
  readonly status: 200 | 201;
  readonly bodyType: BodyType;
  readonly responseType: ResponseType;
  /** Where the response's defaults go, for a client that does not parse it with the schema. */
  readonly responseDefaults?: DefaultsTree;
  /** Type only: the contract entry this refers to. */
  readonly [ENDPOINT]?: E;
}

/** The whole contract as references, grouped per domain like `contract`. */
export type Endpoints = {
  readonly [D in keyof Contract]: {
    readonly [N in keyof Contract[D]]: Contract[D][N] extends AnyEndpoint
      ? EndpointRef<Contract[D][N]>
      : never;
  };
};

/** What a client calls: a contract entry or its reference. */
export type Callable = AnyEndpoint | EndpointRef;

/** The contract entry of a callable. */
export type EndpointOf<C> =
  C extends EndpointRef<infer E extends AnyEndpoint> ? E : C extends AnyEndpoint ? C : never;
