/** `pnpm bench` for the SDK: prints figures, asserts nothing. */
import { run as runAdversarial } from './adversarial.js';
import { run as runFormats } from './formats.js';
import { run as runSigning } from './signing.js';

await runSigning();
await runFormats();
await runAdversarial();
