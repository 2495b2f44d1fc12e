export interface CspOptions {
  apiUrl: string;
  firebase?: { emulatorHost?: string | undefined; authDomain: string; social: boolean } | undefined;
  header?: boolean;
}
export const CARD_IMAGE_HOSTS: string[];
export function cspDirectives(options: CspOptions): [string, string[]][];
export function contentSecurityPolicy(options: CspOptions): string;
export function securityHeaders(options: CspOptions, headers?: { referrer?: string }): Record<string, string>;
export function cspPlugin(options: CspOptions, headers?: { referrer?: string }): import('vite').Plugin;
export function inlineCode(html: string): string[];
