import type { SharedDeck } from '@companion/sdk/contract';

type Next = () => void;
type Middleware = (
  req: import('node:http').IncomingMessage,
  res: import('node:http').ServerResponse,
  next: Next,
) => Promise<void>;

export interface DeckPreview {
  title: string;
  description: string;
  image: string | null;
  locale: 'en-US' | 'fr-FR';
}

export function deckPreview(
  deck: SharedDeck,
  formatName: string | null,
  lang: string | undefined,
): DeckPreview;
export function withPreview(shell: string, preview: DeckPreview, url: string): string;
export function previewApi(env: Record<string, string | undefined>): {
  url: string;
  key: string;
  secret: string;
};
export function linkPreview(options: {
  api: { url: string; key: string; secret: string };
  shell: () => Promise<string>;
  origin?: string | undefined;
}): Middleware;
