import { type CompanionClient, endpoints } from '@companion/sdk';
import { useQuery } from '@tanstack/react-query';
import { useCompanionClient } from '../context.js';
import { endpointQuery, USER_DATA_STALE_TIME } from './define.js';
import { queryKeys } from './keys.js';

const { system } = endpoints;

export const pingQueryOptions = (client: CompanionClient) =>
  endpointQuery(client, system.ping, undefined, queryKeys.system.ping(), 0);
export const usePing = () => useQuery(pingQueryOptions(useCompanionClient()));

export const healthQueryOptions = (client: CompanionClient) =>
  endpointQuery(client, system.health, undefined, queryKeys.system.health(), 0);
export const useHealth = () => useQuery(healthQueryOptions(useCompanionClient()));

/** Game formats and subformats (one of the five refresh calls). */
export const formatsQueryOptions = (client: CompanionClient) =>
  endpointQuery(client, system.formats, undefined, queryKeys.formats.all, USER_DATA_STALE_TIME);
export const useFormats = () => useQuery(formatsQueryOptions(useCompanionClient()));
