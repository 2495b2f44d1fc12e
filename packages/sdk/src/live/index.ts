/**
 * `@companion/sdk/live`: the live channel client (overlay, sender, receiver) for browsers and Node.
 *
 * @module @companion/sdk/live
 */

export type { LiveMessage } from '../contract/live.js';
export {
  createLiveClient,
  isLiveError,
  type LiveClient,
  type LiveClientEvents,
  type LiveClientOptions,
  LiveError,
  type LiveMessageFrame,
  type LiveRole,
  type LiveSocket,
  type LiveSocketConstructor,
  type LiveStatus,
} from './client.js';
