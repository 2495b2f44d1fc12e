export { type ClientOptions, type CompanionClient, createClient } from './client.js';
export { endpoints } from './endpoints.js';
export { hasSchemas, type PreparedRequest, prepareRequest, signHeaders } from './request.js';
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
