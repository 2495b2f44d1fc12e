import { useUserStore } from '@companion/hooks';
import type { LiveRoleValue } from '@companion/sdk';
import type { Card, LiveMessage } from '@companion/sdk/contract';
import {
  createLiveClient,
  type LiveClient,
  type LiveError,
  type LiveMessageFrame,
  type LiveStatus,
} from '@companion/sdk/live';
import { useEffect, useState } from 'react';
import { env } from '../env';

type LiveCard = Extract<LiveMessage, { type: 'spotlight' }>['card'];

/** The overlay app's address for a streaming token (`…/obs/?token=ct_…`). */
export function overlayUrl(
  token: string,
  base = env.VITE_OVERLAY_URL ?? 'http://127.0.0.1:5174/obs/',
): string {
  const url = new URL(base);
  url.searchParams.set('token', token);
  return url.toString();
}

/** Where this browser keeps the streaming token it last issued (the server keeps only its hash). */
export const OVERLAY_TOKEN_KEY = 'companion-overlay-token';

export interface LiveChannel {
  client: LiveClient | null;
  status: LiveStatus;
  error: LiveError | null;
}

/**
 * A live-channel connection with the session token, for the sender and receiver pages. It reconnects
 * by itself (SDK client) and is closed when the page goes away or the session changes.
 */
export function useLiveChannel(
  role: Exclude<LiveRoleValue, 'overlay'>,
  onMessage?: (frame: LiveMessageFrame) => void,
  afterSeq?: number,
): LiveChannel {
  const token = useUserStore((s) => s.token);
  const [client, setClient] = useState<LiveClient | null>(null);
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [error, setError] = useState<LiveError | null>(null);
  const onMessageRef = useLatest(onMessage);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one connection per token and role
  useEffect(() => {
    if (!token) return;
    const live = createLiveClient({
      url: env.VITE_API_URL,
      token,
      role,
      ...(afterSeq === undefined ? {} : { afterSeq }),
    });
    setClient(live);
    setStatus(live.status);
    const off = [
      live.on('status', setStatus),
      live.on('error', setError),
      live.on('message', (frame) => onMessageRef.current?.(frame)),
    ];
    return () => {
      for (const stop of off) stop();
      live.close();
      setClient(null);
    };
  }, [token, role]);

  return { client, status, error };
}

function useLatest<T>(value: T): { current: T } {
  const [ref] = useState(() => ({ current: value }));
  ref.current = value;
  return ref;
}

/** A catalogue card as the live contract carries it (front picture, and the back one for two-faced cards). */
export function toLiveCard(card: Card): LiveCard {
  const front = card.image_uris ?? card.card_faces?.[0]?.image_uris;
  const back = card.image_uris ? null : card.card_faces?.[1]?.image_uris;
  const pick = (uris: typeof front): string | null => uris?.large ?? uris?.normal ?? uris?.png ?? null;
  return {
    id: card.id,
    name: card.name,
    imageUri: pick(front),
    backImageUri: pick(back),
    manaCost: card.mana_cost ?? card.card_faces?.[0]?.mana_cost ?? null,
    typeLine: card.type_line ?? card.card_faces?.[0]?.type_line ?? null,
  };
}
