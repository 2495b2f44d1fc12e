export { type ClientOptions, type CompanionClient, createClient } from './client.js';
export { endpoints } from './endpoints.js';
export {
  type AutoPager,
  type CursorPagedCall,
  type CursorPageResult,
  type ItemOf,
  MAX_AUTO_PAGED_ITEMS,
  type PagedArgs,
  pages,
  paginate,
} from './paginate.js';
export {
  hasSchemas,
  type PreparedRequest,
  prepareRequest,
  type SigningConfig,
  signHeaders,
} from './request.js';
export { sha256Hex, sign } from './signing.js';
export type {
  CallArgs,
  CallOptions,
  CallResult,
  ContractClient,
  Credentials,
  DomainClient,
  EndpointFunction,
} from './types.js';
