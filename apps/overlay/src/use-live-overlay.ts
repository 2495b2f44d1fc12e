import { createLiveClient, type LiveStatus } from '@companion/sdk/live';
import { useEffect, useReducer, useState } from 'react';
import { apply, EMPTY, expire, type OverlayState, type Received } from './state';

type Action = { kind: 'message'; frame: Received } | { kind: 'tick' };

function reducer(state: OverlayState, action: Action): OverlayState {
  const now = Date.now();
  return action.kind === 'message' ? apply(state, action.frame, now) : expire(state, now);
}

export interface LiveOverlay {
  state: OverlayState;
  status: LiveStatus;
  /** The token was refused (unknown, or replaced by a newer one): the client stopped for good. */
  refused: boolean;
}

/**
 * Connects as an overlay (receive only) and folds the channel's messages into what is on screen. It
 * first replays what the channel kept (`afterSeq: 0`), so a reloaded browser source shows the same.
 */
export function useLiveOverlay(apiUrl: string, token: string | null): LiveOverlay {
  const [state, dispatch] = useReducer(reducer, EMPTY);
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [refused, setRefused] = useState(false);

  useEffect(() => {
    if (!token) return;
    const client = createLiveClient({ url: apiUrl, token, role: 'overlay', afterSeq: 0 });
    const off = [
      client.on('message', (frame) => dispatch({ kind: 'message', frame })),
      client.on('status', setStatus),
      client.on('error', (error) => {
        if (error.closeCode === 4001) setRefused(true);
      }),
    ];
    return () => {
      for (const stop of off) stop();
      client.close();
    };
  }, [apiUrl, token]);

  // A spotlight with a duration goes away by itself.
  const until = state.spotlight?.until ?? null;
  useEffect(() => {
    if (until === null) return;
    const timer = setTimeout(() => dispatch({ kind: 'tick' }), Math.max(0, until - Date.now()) + 20);
    return () => clearTimeout(timer);
  }, [until]);

  return { state, status, refused };
}
