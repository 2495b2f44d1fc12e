/**
 * The server's side of the contract, typed from it (ts-rest's `RouterImplementation`): a route module
 * implements one domain of `contract` with `implement(domain, handlers)`, an object with one handler
 * per endpoint of the domain. Leaving one out, or adding one the domain does not have, is a compile
 * error; each handler's input is typed from its endpoint, including who calls it:
 *
 * | endpoint `auth` | the handler receives                         |
 * |-----------------|----------------------------------------------|
 * | `session`       | `caller: Caller` (the registrar refused anonymous calls) |
 * | `optional`      | `caller: Caller \| null`                       |
 * | `identity`      | `identity: IdentityClaims` (a verified ID token) |
 * | `public`        | neither                                      |
 *
 * The registrar (`registrar.ts`) registers a route for every endpoint of the domain, signed,
 * authenticated and validated, and hands each handler exactly that.
 */
import type { Readable } from 'node:stream';
import type { AnyEndpoint, Contract, Domain, EndpointAuth } from '@companion/sdk/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { JsonText } from '../services/json-text.js';
import type { Caller, IdentityClaims } from './context.js';

export interface UploadedFile {
  buffer: Buffer;
  mimetype: string;
  filename: string;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type BodyOf<E extends AnyEndpoint> = Out<E['body']> extends { file: Blob } ? UploadedFile : Out<E['body']>;
type ResultOf<E extends AnyEndpoint> =
  z.input<E['response']> extends string ? string | Readable : z.input<E['response']>;

/** Who calls, as the endpoint's `auth` guarantees it. */
export type CallerOf<A extends EndpointAuth> = A extends 'session'
  ? { caller: Caller }
  : A extends 'optional'
    ? { caller: Caller | null }
    : A extends 'identity'
      ? { identity: IdentityClaims }
      : Record<never, never>;

/** What a handler receives: the validated request parts, who calls, and Fastify's request and reply. */
export type HandlerInput<E extends AnyEndpoint> = {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: BodyOf<E>;
  request: FastifyRequest;
  reply: FastifyReply;
} & CallerOf<E['auth']>;

export type Handler<E extends AnyEndpoint> = (
  input: HandlerInput<E>,
) => Promise<ResultOf<E> | JsonText<ResultOf<E>>>;

export interface RouteOptions {
  /** Largest accepted body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** Requests per minute per caller (or per address for anonymous calls). */
  rateLimit?: number;
}

/** A handler, alone or with its route's options. */
export type Implementation<E extends AnyEndpoint> =
  | Handler<E>
  | { handler: Handler<E>; options: RouteOptions };

/** One implementation per endpoint of the domain: every one of them, and nothing else. */
export type DomainImplementation<D extends Domain> = {
  [K in keyof Contract[D]]: Contract[D][K] extends AnyEndpoint ? Implementation<Contract[D][K]> : never;
};

/** A domain's implementation, ready for the registrar. */
export interface DomainRoutes<D extends Domain = Domain> {
  readonly domain: D;
  readonly handlers: DomainImplementation<D>;
}

/** Implements every endpoint of `domain` (see the module's comment). */
export function implement<D extends Domain>(domain: D, handlers: DomainImplementation<D>): DomainRoutes<D> {
  return { domain, handlers };
}
