/** Where the Chromium binary is (CHROME_PATH, else Debian's). */
export const CHROMIUM_PATH: string;
/** Chromium's flags for tests and benches. */
export const CHROMIUM_ARGS: readonly string[];
