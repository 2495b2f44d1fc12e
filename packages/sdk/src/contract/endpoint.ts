import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint and which credentials the client sends.
 * - `public`: no session or identity headers (`/ping`, `/health` and `/formats`, which are not signed
 *   either, and `/deck/shared/:token`, signed with the app's key like every other call).
 * - `identity`: `Authorization: Bearer <Firebase ID token>` (sign-in calls).
 * - `session`: `Authorization: Bearer <session token>` and the user-id header; required.
 * - `optional`: session headers are sent when the client has them, the server does not require them.
 */
export type EndpointAuth = 'public' | 'identity' | 'session' | 'optional';

/** How the request body travels. */
export type BodyType = 'json' | 'multipart';

/** How the 200/201 response body is read. */
export type ResponseType = 'json' | 'text';

/**
 * One call of the API, described as data (ts-rest style). The client derives its functions from it,
 * the server registers a route for it and validates with the same schemas, and the OpenAPI document
 * is generated from it.
 */
export interface Endpoint<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Res extends z.ZodType = z.ZodType,
  A extends EndpointAuth = EndpointAuth,
> {
  method: M;
  /** Fastify-style path: `/playgroup/:id`. */
  path: P;
  summary: string;
  description?: string;
  auth: A;
  /** Success status: 200, or 201 when the call creates something. */
  status: 200 | 201;
  params: Params;
  query: Query;
  body: Body;
  bodyType: BodyType;
  response: Res;
  responseType: ResponseType;
  /** True for calls this product adds to the original specification. */
  extension: boolean;
  /** Needs a verified email (password accounts). Defaults to true for session calls. */
  verified: boolean;
  tags: readonly string[];
}

export type AnyEndpoint = Endpoint<
  HttpMethod,
  string,
  z.ZodType | undefined,
  z.ZodType | undefined,
  z.ZodType | undefined,
  z.ZodType,
  EndpointAuth
>;

/** What `endpoint(tag, definition)` takes: method, path, schemas, who may call and the documentation. */
export interface EndpointInput<
  M extends HttpMethod,
  P extends string,
  Params extends z.ZodType | undefined,
  Query extends z.ZodType | undefined,
  Body extends z.ZodType | undefined,
  Res extends z.ZodType,
  A extends EndpointAuth,
> {
  method: M;
  path: P;
  summary: string;
  description?: string;
  auth?: A;
  status?: 200 | 201;
  params?: Params;
  query?: Query;
  body?: Body;
  bodyType?: BodyType;
  response: Res;
  responseType?: ResponseType;
  extension?: boolean;
  verified?: boolean;
}

/** Declares an endpoint with the defaults filled in (session auth, JSON in and out, status 200). */
export function endpoint<
  M extends HttpMethod,
  P extends string,
  Res extends z.ZodType,
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  A extends EndpointAuth = 'session',
>(
  tag: string,
  def: EndpointInput<M, P, Params, Query, Body, Res, A>,
): Endpoint<M, P, Params, Query, Body, Res, A> {
  const auth = (def.auth ?? 'session') as A;
  return {
    method: def.method,
    path: def.path,
    summary: def.summary,
    ...(def.description === undefined ? {} : { description: def.description }),
    auth,
    status: def.status ?? 200,
    params: def.params as Params,
    query: def.query as Query,
    body: def.body as Body,
    bodyType: def.bodyType ?? 'json',
    response: def.response,
    responseType: def.responseType ?? 'json',
    extension: def.extension ?? false,
    verified: def.verified ?? auth === 'session',
    tags: [tag],
  };
}

/** Paths that never carry auth headers (spec §7 and §9). */
export const UNAUTHENTICATED_PATHS: readonly string[] = ['/ping', '/health', '/formats'];

/** Replaces `:name` segments with values, URI-encoded. Throws on a missing value. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`Missing path parameter "${name}" for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** `/playgroup/:id` → `/playgroup/{id}` (OpenAPI style). */
export function toOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}
