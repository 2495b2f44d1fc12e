/**
 * `@companion/sdk`: a typed, signed client for the Companion API.
 *
 * ```ts
 * import { createClient } from '@companion/sdk';
 * const client = createClient({ baseUrl, apiKey, secret, credentials: () => ({ token, userId }) });
 * const { decks } = await client.user.decks();
 * ```
 *
 * @module @companion/sdk
 */
export {
  type AutoPager,
  type CallArgs,
  type CallOptions,
  type CallResult,
  type ClientOptions,
  type CompanionClient,
  type ContractClient,
  type Credentials,
  type CursorPagedCall,
  type CursorPageResult,
  createClient,
  type DomainClient,
  type EndpointFunction,
  endpoints,
  hasSchemas,
  type ItemOf,
  MAX_AUTO_PAGED_ITEMS,
  type PagedArgs,
  type PreparedRequest,
  pages,
  paginate,
  prepareRequest,
  type SigningConfig,
  sha256Hex,
  sign,
  signHeaders,
} from './client/index.js';
export type { AnyEndpoint } from './contract/endpoint.js';
// Values, limits and permission rules without zod: screens import them without the schemas.
export * from './contract/limits.js';
export * from './contract/permissions.js';
export {
  buildQueryString,
  canonicalString,
  DEFAULT_SIGNATURE_WINDOW_MS,
  EMPTY_BODY_SHA256,
  HEADERS,
  UNSIGNED_PAYLOAD,
} from './contract/protocol.js';
export type { Callable, EndpointOf, EndpointRef, Endpoints } from './contract/refs.js';
export * from './contract/values.js';
export * from './errors/index.js';
