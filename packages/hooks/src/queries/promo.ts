import { type CompanionClient, endpoints } from '@companion/sdk';
import { useMutation } from '@tanstack/react-query';
import { useCompanionClient } from '../context.js';
import { invalidate } from './cache.js';
import { endpointMutation } from './define.js';
import { queryKeys } from './keys.js';

/** POST /promo/event {locale, code, eventId}: grants the event badge (shown on the user and profiles). */
export const redeemPromoMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, endpoints.promo.redeem, ['promo', 'redeem'], {
    onSuccess: (_d, _v, _r, { client: qc }) => invalidate(qc, queryKeys.me.user(), queryKeys.users.all),
  });
export const useRedeemPromo = () => useMutation(redeemPromoMutationOptions(useCompanionClient()));
