import { isAuthFlowError } from '@companion/hooks';
import { isCompanionError } from '@companion/sdk';

/** A message id or text for what a flow threw: Firebase codes are translated, API errors carry their text. */
export function errorMessage(error: unknown, t: (id: string) => string): string {
  if (isAuthFlowError(error)) return t(error.messageId);
  if (isCompanionError(error)) {
    const map: Record<string, string> = {
      forbidden: 'web.error.forbidden',
      notFound: 'web.error.notFound',
      server: 'web.error.server',
      sessionExpired: 'web.error.sessionExpired',
      unverified: 'web.error.unverified',
      network: 'web.error.network',
      tooComplex: 'web.error.tooComplex',
    };
    const id = map[error.kind];
    return id ? t(id) : error.message || t('web.error.unexpected');
  }
  if (error instanceof Error && error.message) return error.message;
  return t('web.error.unexpected');
}
