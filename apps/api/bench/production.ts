/**
 * What the API needs to start in production mode beyond each bench's own settings (it refuses the
 * demo project, the emulator and missing origins there). The benches open sessions directly in the
 * database, so no Firebase token is ever checked and the project id is only a name.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  FIREBASE_PROJECT_ID: 'companion-bench',
  FIREBASE_AUTH_EMULATOR_HOST: undefined,
  COMPANION_WEB_ORIGINS: 'http://127.0.0.1',
  COMPANION_PUBLIC_URL: 'http://127.0.0.1',
} as const;
