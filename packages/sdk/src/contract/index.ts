/**
 * `@companion/sdk/contract`: every call of the Companion API as data (method, path, params, query,
 * body and response schemas), grouped per domain. Depends on zod only; imported by the client, the
 * hooks and the server alike.
 *
 * @module @companion/sdk/contract
 */
import { account } from './account.js';
import { auth } from './auth.js';
import { cards } from './cards.js';
import { collection } from './collection.js';
import { decks } from './decks.js';
import type { AnyEndpoint } from './endpoint.js';
import { friends } from './friends.js';
import { games } from './games.js';
import { lists } from './lists.js';
import { playgroups } from './playgroups.js';
import { promo } from './promo.js';
import { sets } from './sets.js';
import { system } from './system.js';
import { tags } from './tags.js';
import { user } from './user.js';

export const contract = {
  system,
  auth,
  user,
  account,
  friends,
  playgroups,
  games,
  sets,
  tags,
  decks,
  promo,
  cards,
  collection,
  lists,
} as const;
export type Contract = typeof contract;
export type Domain = keyof Contract;

/** Every endpoint with its domain and name, in declaration order. */
export function listEndpoints(): Array<{ domain: Domain; name: string; endpoint: AnyEndpoint }> {
  const out: Array<{ domain: Domain; name: string; endpoint: AnyEndpoint }> = [];
  for (const domain of Object.keys(contract) as Domain[]) {
    for (const [name, ep] of Object.entries(contract[domain] as Record<string, AnyEndpoint>)) {
      out.push({ domain, name, endpoint: ep });
    }
  }
  return out;
}

export {
  AccountExport,
  confirmsDeletion,
  DeleteAccountInput,
  deleteConfirmationOf,
  ExportDeck,
  ExportEntry,
  ExportFileContent,
  ExportList,
} from './account.js';
export { ProviderType, Session } from './auth.js';
export {
  Card,
  CardFace,
  CardSet,
  CardSummary,
  CardSummaryFace,
  CardSummaryImageUris,
  ImageUris,
  PricePoint,
  Prices,
} from './cards.js';
export { CardHoldings, CollectionSummary, DeckHolding, ListHolding } from './collection.js';
export {
  Bracket,
  Color,
  ColorIdentity,
  Condition,
  Currency,
  CursorPage,
  CursorPaging,
  DateTime,
  ErrorBody,
  ErrorCode,
  Finish,
  GameFilters,
  Id,
  Language,
  Ok,
  SkippedLine,
  SortDirection,
  UserSummary,
} from './common.js';
export {
  Board,
  BracketCheck,
  BracketReason,
  BracketSignal,
  Deck,
  DeckCard,
  DeckCardChange,
  DeckInput,
  DeckLegality,
  LegalityProblem,
  LegalityRule,
  SharedDeck,
  ShareToken,
} from './decks.js';
export { type DefaultsTree, fillDefaults, omitDefaults, responseDefaults } from './defaults.js';
export type {
  AnyEndpoint,
  BodyType,
  Endpoint,
  EndpointAuth,
  EndpointInput,
  HttpMethod,
  ResponseType,
} from './endpoint.js';
export { endpoint, fillPath, toOpenApiPath, UNAUTHENTICATED_PATHS } from './endpoint.js';
export { FriendCode } from './friends.js';
export { Game, GameInput, GamePlayer, GameResult } from './games.js';
export * from './limits.js';
export {
  CardChange,
  CardList,
  CardRef,
  ExportFormat,
  ImportFormat,
  ImportReport,
  ListEntry,
  ListType,
  Revision,
} from './lists.js';
export {
  LIVE_PATH,
  LiveAuthFrame,
  LiveCard,
  LiveClientFrame,
  LiveMessage,
  LivePlayer,
  LiveServerFrame,
} from './live.js';
export { buildOpenApiDocument, type JsonObject } from './openapi.js';
export * from './permissions.js';
export { LeaderboardRow, Playgroup, PlaygroupMember } from './playgroups.js';
export { PromoEvent } from './promo.js';
export {
  buildQueryString,
  canonicalString,
  DEFAULT_SIGNATURE_WINDOW_MS,
  EMPTY_BODY_SHA256,
  HEADERS,
  UNSIGNED_PAYLOAD,
} from './protocol.js';
export { GameSet, GameSetSummary } from './sets.js';
export { GameFormat, Subformat } from './system.js';
export { Note, NoteSearchResult, Tag } from './tags.js';
export {
  Badge,
  CurrentUser,
  DeckSummary,
  DeckVisibility,
  Friend,
  FriendStatus,
  MembershipStatus,
  PlaygroupRole,
  PlaygroupSummary,
  ProfileVisibility,
  PublicProfile,
  Relationship,
  Settings,
  Stats,
  User,
} from './user.js';
export * from './values.js';
export { auth, cards, collection, decks, friends, games, lists, playgroups, promo, sets, system, tags, user };
