import type { FastifyReply } from 'fastify';

/**
 * Headers every response of the API carries. The API answers JSON, pictures and one HTML page
 * (`/docs`, with its own inline style and no script), so its policy allows nothing else: no script,
 * no frame, no plugin, and no page may frame it. A route that sets its own Content-Security-Policy,
 * referrer, opener or permissions policy keeps it (the web app's pages, served by `pnpm serve`).
 */
export const API_CSP =
  "default-src 'none'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export function securityHeaders(reply: FastifyReply): void {
  if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', API_CSP);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('x-frame-options', 'DENY');
  if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'no-referrer');
  if (!reply.hasHeader('cross-origin-opener-policy'))
    reply.header('cross-origin-opener-policy', 'same-origin');
  if (!reply.hasHeader('permissions-policy'))
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
}
