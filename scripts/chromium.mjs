// The browser every browser test and bench runs: Debian's Chromium (CHROME_PATH to use another),
// headless, offline-friendly (no updates, sync or background fetches), one list for all of them.

/** Where the Chromium binary is. */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Chromium's flags for tests and benches. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
