import type { Domain } from '@companion/sdk/contract';
import * as account from './account.js';
import * as auth from './auth.js';
import * as cards from './cards.js';
import * as collection from './collection.js';
import * as decks from './decks.js';
import * as friends from './friends.js';
import * as games from './games.js';
import * as lists from './lists.js';
import * as playgroups from './playgroups.js';
import * as promo from './promo.js';
import * as sets from './sets.js';
import * as system from './system.js';
import * as tags from './tags.js';
import * as user from './user.js';

/**
 * Which factory serves each contract entry (`domain.name`). A test walks `listEndpoints()` and fails
 * when an entry is missing here or its factory calls another endpoint. Cursor-paged lists also
 * name their infinite-query variant (`infinite`), which the test walks too.
 */
export const endpointHooks = {
  'system.ping': { kind: 'query', factory: system.pingQueryOptions, hook: system.usePing },
  'system.health': { kind: 'query', factory: system.healthQueryOptions, hook: system.useHealth },
  'system.formats': { kind: 'query', factory: system.formatsQueryOptions, hook: system.useFormats },

  'auth.login': { kind: 'mutation', factory: auth.loginMutationOptions, hook: auth.useLoginMutation },
  'auth.signin': { kind: 'mutation', factory: auth.signinMutationOptions, hook: auth.useSigninMutation },
  'auth.exchange': {
    kind: 'mutation',
    factory: auth.exchangeMutationOptions,
    hook: auth.useExchangeMutation,
  },
  'auth.createExchangeCode': {
    kind: 'mutation',
    factory: auth.createExchangeCodeMutationOptions,
    hook: auth.useCreateExchangeCode,
  },
  'auth.streamingToken': {
    kind: 'mutation',
    factory: auth.streamingTokenMutationOptions,
    hook: auth.useStreamingToken,
  },
  'auth.logout': {
    kind: 'mutation',
    factory: auth.revokeSessionMutationOptions,
    hook: auth.useRevokeSession,
  },
  'auth.logoutAll': {
    kind: 'mutation',
    factory: auth.logoutAllMutationOptions,
    hook: auth.useSignOutEverywhere,
  },

  'account.delete': {
    kind: 'mutation',
    factory: account.deleteAccountMutationOptions,
    hook: account.useDeleteAccount,
  },
  'account.export': {
    kind: 'query',
    factory: account.accountExportQueryOptions,
    hook: account.useAccountExport,
  },
  'user.qr': { kind: 'query', factory: user.friendQrQueryOptions, hook: user.useFriendQr },
  'user.code': { kind: 'query', factory: user.friendCodeQueryOptions, hook: user.useFriendCode },
  'user.me': { kind: 'query', factory: user.meQueryOptions, hook: user.useMe },
  'user.byId': { kind: 'query', factory: user.userQueryOptions, hook: user.useUser },
  'user.profile': { kind: 'query', factory: user.profileQueryOptions, hook: user.useProfile },
  'user.stats': { kind: 'query', factory: user.statsQueryOptions, hook: user.useStats },
  'user.statsById': { kind: 'query', factory: user.userStatsQueryOptions, hook: user.useUserStats },
  'user.updateSettings': {
    kind: 'mutation',
    factory: user.updateSettingsMutationOptions,
    hook: user.useUpdateSettings,
  },
  'user.playgroups': { kind: 'query', factory: user.myPlaygroupsQueryOptions, hook: user.useMyPlaygroups },
  'user.decks': { kind: 'query', factory: user.myDecksQueryOptions, hook: user.useMyDecks },
  'user.decksById': { kind: 'query', factory: user.userDecksQueryOptions, hook: user.useUserDecks },
  'user.archivedDecks': {
    kind: 'query',
    factory: user.archivedDecksQueryOptions,
    hook: user.useArchivedDecks,
  },
  'user.friends': { kind: 'query', factory: user.myFriendsQueryOptions, hook: user.useMyFriends },
  'user.setUsername': {
    kind: 'mutation',
    factory: user.setUsernameMutationOptions,
    hook: user.useSetUsername,
  },
  'user.setFirstname': {
    kind: 'mutation',
    factory: user.setFirstnameMutationOptions,
    hook: user.useSetFirstname,
  },
  'user.uploadPicture': {
    kind: 'mutation',
    factory: user.uploadPictureMutationOptions,
    hook: user.useUploadPicture,
  },

  'friends.lookup': {
    kind: 'query',
    factory: friends.friendLookupQueryOptions,
    hook: friends.useFriendLookup,
  },
  'friends.request': {
    kind: 'mutation',
    factory: friends.requestFriendMutationOptions,
    hook: friends.useRequestFriend,
  },
  'friends.accept': {
    kind: 'mutation',
    factory: friends.acceptFriendMutationOptions,
    hook: friends.useAcceptFriend,
  },
  'friends.remove': {
    kind: 'mutation',
    factory: friends.removeFriendMutationOptions,
    hook: friends.useRemoveFriend,
  },

  'playgroups.get': {
    kind: 'query',
    factory: playgroups.playgroupQueryOptions,
    hook: playgroups.usePlaygroup,
  },
  'playgroups.create': {
    kind: 'mutation',
    factory: playgroups.createPlaygroupMutationOptions,
    hook: playgroups.useCreatePlaygroup,
  },
  'playgroups.update': {
    kind: 'mutation',
    factory: playgroups.updatePlaygroupMutationOptions,
    hook: playgroups.useUpdatePlaygroup,
  },
  'playgroups.delete': {
    kind: 'mutation',
    factory: playgroups.deletePlaygroupMutationOptions,
    hook: playgroups.useDeletePlaygroup,
  },
  'playgroups.uploadPicture': {
    kind: 'mutation',
    factory: playgroups.uploadPlaygroupPictureMutationOptions,
    hook: playgroups.useUploadPlaygroupPicture,
  },
  'playgroups.leave': {
    kind: 'mutation',
    factory: playgroups.leavePlaygroupMutationOptions,
    hook: playgroups.useLeavePlaygroup,
  },
  'playgroups.accept': {
    kind: 'mutation',
    factory: playgroups.acceptPlaygroupMutationOptions,
    hook: playgroups.useAcceptPlaygroup,
  },
  'playgroups.invite': {
    kind: 'mutation',
    factory: playgroups.invitePlaygroupMutationOptions,
    hook: playgroups.useInviteToPlaygroup,
  },
  'playgroups.removeMember': {
    kind: 'mutation',
    factory: playgroups.removePlaygroupMemberMutationOptions,
    hook: playgroups.useRemovePlaygroupMember,
  },
  'playgroups.promote': {
    kind: 'mutation',
    factory: playgroups.promotePlaygroupMemberMutationOptions,
    hook: playgroups.usePromotePlaygroupMember,
  },
  'playgroups.demote': {
    kind: 'mutation',
    factory: playgroups.demotePlaygroupAdminMutationOptions,
    hook: playgroups.useDemotePlaygroupAdmin,
  },
  'playgroups.transferOwnership': {
    kind: 'mutation',
    factory: playgroups.transferPlaygroupOwnershipMutationOptions,
    hook: playgroups.useTransferPlaygroupOwnership,
  },
  'playgroups.games': {
    kind: 'query',
    factory: playgroups.playgroupGamesQueryOptions,
    hook: playgroups.usePlaygroupGames,
    infinite: {
      factory: playgroups.infinitePlaygroupGamesQueryOptions,
      hook: playgroups.useInfinitePlaygroupGames,
    },
  },

  'games.list': {
    kind: 'query',
    factory: games.gamesQueryOptions,
    hook: games.useGames,
    infinite: { factory: games.infiniteGamesQueryOptions, hook: games.useInfiniteGames },
  },
  'games.get': { kind: 'query', factory: games.gameQueryOptions, hook: games.useGame },
  'games.create': { kind: 'mutation', factory: games.createGameMutationOptions, hook: games.useCreateGame },
  'games.update': { kind: 'mutation', factory: games.updateGameMutationOptions, hook: games.useUpdateGame },
  'games.delete': { kind: 'mutation', factory: games.deleteGameMutationOptions, hook: games.useDeleteGame },
  'games.addTags': {
    kind: 'mutation',
    factory: games.addGameTagsMutationOptions,
    hook: games.useAddGameTags,
  },
  'games.removeTag': {
    kind: 'mutation',
    factory: games.removeGameTagMutationOptions,
    hook: games.useRemoveGameTag,
  },
  'games.createNote': {
    kind: 'mutation',
    factory: games.createGameNoteMutationOptions,
    hook: games.useCreateGameNote,
  },
  'games.updateNote': {
    kind: 'mutation',
    factory: games.updateGameNoteMutationOptions,
    hook: games.useUpdateGameNote,
  },
  'games.deleteNote': {
    kind: 'mutation',
    factory: games.deleteGameNoteMutationOptions,
    hook: games.useDeleteGameNote,
  },

  'sets.list': { kind: 'query', factory: sets.gameSetsQueryOptions, hook: sets.useGameSets },
  'sets.get': { kind: 'query', factory: sets.gameSetQueryOptions, hook: sets.useGameSet },
  'sets.create': {
    kind: 'mutation',
    factory: sets.createGameSetMutationOptions,
    hook: sets.useCreateGameSet,
  },
  'sets.update': {
    kind: 'mutation',
    factory: sets.updateGameSetMutationOptions,
    hook: sets.useUpdateGameSet,
  },
  'sets.delete': {
    kind: 'mutation',
    factory: sets.deleteGameSetMutationOptions,
    hook: sets.useDeleteGameSet,
  },
  'sets.addTags': {
    kind: 'mutation',
    factory: sets.addGameSetTagsMutationOptions,
    hook: sets.useAddGameSetTags,
  },
  'sets.removeTag': {
    kind: 'mutation',
    factory: sets.removeGameSetTagMutationOptions,
    hook: sets.useRemoveGameSetTag,
  },
  'sets.createNote': {
    kind: 'mutation',
    factory: sets.createGameSetNoteMutationOptions,
    hook: sets.useCreateGameSetNote,
  },
  'sets.updateNote': {
    kind: 'mutation',
    factory: sets.updateGameSetNoteMutationOptions,
    hook: sets.useUpdateGameSetNote,
  },
  'sets.deleteNote': {
    kind: 'mutation',
    factory: sets.deleteGameSetNoteMutationOptions,
    hook: sets.useDeleteGameSetNote,
  },

  'tags.list': { kind: 'query', factory: tags.tagsQueryOptions, hook: tags.useTags },
  'tags.rename': { kind: 'mutation', factory: tags.renameTagMutationOptions, hook: tags.useRenameTag },
  'tags.delete': { kind: 'mutation', factory: tags.deleteTagMutationOptions, hook: tags.useDeleteTag },
  'tags.searchNotes': { kind: 'query', factory: tags.noteSearchQueryOptions, hook: tags.useNoteSearch },

  'decks.get': { kind: 'query', factory: decks.deckQueryOptions, hook: decks.useDeck },
  'decks.lenders': { kind: 'query', factory: decks.deckLendersQueryOptions, hook: decks.useDeckLenders },
  'decks.create': { kind: 'mutation', factory: decks.createDeckMutationOptions, hook: decks.useCreateDeck },
  'decks.update': { kind: 'mutation', factory: decks.updateDeckMutationOptions, hook: decks.useUpdateDeck },
  'decks.changeCards': {
    kind: 'mutation',
    factory: decks.changeDeckCardsMutationOptions,
    hook: decks.useChangeDeckCards,
  },
  'decks.setBracket': {
    kind: 'mutation',
    factory: decks.setDeckBracketMutationOptions,
    hook: decks.useSetDeckBracket,
  },
  'decks.archive': {
    kind: 'mutation',
    factory: decks.archiveDeckMutationOptions,
    hook: decks.useArchiveDeck,
  },
  'decks.restore': {
    kind: 'mutation',
    factory: decks.restoreDeckMutationOptions,
    hook: decks.useRestoreDeck,
  },
  'decks.shared': { kind: 'query', factory: decks.sharedDeckQueryOptions, hook: decks.useSharedDeck },
  'decks.newShareLink': {
    kind: 'mutation',
    factory: decks.newDeckShareLinkMutationOptions,
    hook: decks.useNewDeckShareLink,
  },
  'decks.deletePermanently': {
    kind: 'mutation',
    factory: decks.deleteDeckPermanentlyMutationOptions,
    hook: decks.useDeleteDeckPermanently,
  },

  'promo.redeem': { kind: 'mutation', factory: promo.redeemPromoMutationOptions, hook: promo.useRedeemPromo },

  'cards.get': { kind: 'query', factory: cards.cardQueryOptions, hook: cards.useCard },
  'cards.search': { kind: 'query', factory: cards.cardSearchQueryOptions, hook: cards.useCardSearch },
  'cards.autocomplete': {
    kind: 'query',
    factory: cards.cardAutocompleteQueryOptions,
    hook: cards.useCardAutocomplete,
  },
  'cards.similar': { kind: 'query', factory: cards.cardSimilarQueryOptions, hook: cards.useCardSimilar },
  'cards.prints': { kind: 'query', factory: cards.cardPrintsQueryOptions, hook: cards.useCardPrints },
  'cards.sets': { kind: 'query', factory: cards.cardSetsQueryOptions, hook: cards.useCardSets },
  'cards.price': { kind: 'query', factory: cards.cardPriceQueryOptions, hook: cards.useCardPrice },

  'collection.summary': {
    kind: 'query',
    factory: collection.collectionSummaryQueryOptions,
    hook: collection.useCollectionSummary,
  },
  'collection.search': {
    kind: 'query',
    factory: collection.collectionSearchQueryOptions,
    hook: collection.useCollectionSearch,
  },
  'collection.holdings': {
    kind: 'query',
    factory: collection.cardHoldingsQueryOptions,
    hook: collection.useCardHoldings,
  },
  'collection.export': {
    kind: 'query',
    factory: collection.collectionExportQueryOptions,
    hook: collection.useCollectionExport,
  },

  'lists.list': { kind: 'query', factory: lists.listsQueryOptions, hook: lists.useLists },
  'lists.create': { kind: 'mutation', factory: lists.createListMutationOptions, hook: lists.useCreateList },
  'lists.get': { kind: 'query', factory: lists.listQueryOptions, hook: lists.useList },
  'lists.rename': { kind: 'mutation', factory: lists.renameListMutationOptions, hook: lists.useRenameList },
  'lists.export': { kind: 'query', factory: lists.listExportQueryOptions, hook: lists.useListExport },
  'lists.addCards': {
    kind: 'mutation',
    factory: lists.addListCardsMutationOptions,
    hook: lists.useAddListCards,
  },
  'lists.removeCards': {
    kind: 'mutation',
    factory: lists.removeListCardsMutationOptions,
    hook: lists.useRemoveListCards,
  },
  'lists.moveCards': {
    kind: 'mutation',
    factory: lists.moveListCardsMutationOptions,
    hook: lists.useMoveListCards,
  },
  'lists.updateCards': {
    kind: 'mutation',
    factory: lists.updateListCardsMutationOptions,
    hook: lists.useUpdateListCards,
  },
  'lists.revisions': {
    kind: 'query',
    factory: lists.listRevisionsQueryOptions,
    hook: lists.useListRevisions,
  },
  'lists.revert': { kind: 'mutation', factory: lists.revertListMutationOptions, hook: lists.useRevertList },
  'lists.delete': { kind: 'mutation', factory: lists.deleteListMutationOptions, hook: lists.useDeleteList },
  'lists.hide': { kind: 'mutation', factory: lists.hideListMutationOptions, hook: lists.useHideList },
  'lists.restore': {
    kind: 'mutation',
    factory: lists.restoreListMutationOptions,
    hook: lists.useRestoreList,
  },
  'lists.hidden': { kind: 'query', factory: lists.hiddenListsQueryOptions, hook: lists.useHiddenLists },
  'lists.import': { kind: 'mutation', factory: lists.importListMutationOptions, hook: lists.useImportList },
} as const satisfies Record<
  `${Domain}.${string}`,
  {
    kind: 'query' | 'mutation';
    factory: (...args: never[]) => unknown;
    hook: (...args: never[]) => unknown;
    /** Cursor-paged lists: the `useInfiniteQuery` variant ("Load more"), calling the same endpoint. */
    infinite?: { factory: (...args: never[]) => unknown; hook: (...args: never[]) => unknown };
  }
>;
