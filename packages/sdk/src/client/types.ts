import type { z } from 'zod';
import type { AnyEndpoint } from '../contract/endpoint.js';
import type { Contract } from '../contract/index.js';
import type { Callable, EndpointOf } from '../contract/refs.js';

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
type RequiredIfNeeded<K extends string, T> = Partial<T> extends T ? { [P in K]?: T } : { [P in K]: T };

/** Arguments of a call: `params`, `query` and `body` as its contract entry declares them. */
export type CallArgs<C extends Callable> = ArgsOf<EndpointOf<C>>;

type ArgsOf<E extends AnyEndpoint> = (E['params'] extends z.ZodType
  ? RequiredIfNeeded<'params', InputOf<E['params']>>
  : unknown) &
  (E['query'] extends z.ZodType ? RequiredIfNeeded<'query', InputOf<E['query']>> : unknown) &
  (E['body'] extends z.ZodType ? RequiredIfNeeded<'body', InputOf<E['body']>> : unknown) &
  (E['auth'] extends 'identity' ? { identityToken: string } : unknown);

/** What a call resolves to: the parsed 200/201 body. */
export type CallResult<C extends Callable> = z.output<EndpointOf<C>['response']>;

export interface CallOptions {
  signal?: AbortSignal;
  /** Extra headers (not signed, never auth headers). */
  headers?: Record<string, string>;
  /** Milliseconds before giving up; defaults to the client's. */
  timeout?: number;
  /**
   * `false`: a 401 only rejects the call, without calling `onUnauthorized`/`onUnverified` (for
   * calls whose caller is ending the session anyway, such as logout). Default true.
   */
  sessionEvents?: boolean;
}

/** One function per contract entry. Calls without required arguments may omit them. */
export type EndpointFunction<E extends Callable> =
  Partial<CallArgs<E>> extends CallArgs<E>
    ? (args?: CallArgs<E>, options?: CallOptions) => Promise<CallResult<E>>
    : (args: CallArgs<E>, options?: CallOptions) => Promise<CallResult<E>>;

export type DomainClient<D extends Record<string, Callable>> = { [K in keyof D]: EndpointFunction<D[K]> };

export type ContractClient = { [D in keyof Contract]: DomainClient<Contract[D]> };

/** What the client sends as credentials; read before every call so it always has the latest. */
export interface Credentials {
  /** Session token from /auth/signin or /auth/login. */
  token?: string | null | undefined;
  userId?: string | null | undefined;
  googleToken?: string | null | undefined;
  appleToken?: string | null | undefined;
}
