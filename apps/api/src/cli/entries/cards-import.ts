/**
 * The compiled `cards-import` command's entry (tsup.config.ts). `cards-import.ts` is also a library
 * of the other commands, so in the bundle its code lives in a shared chunk, where it cannot tell it
 * was the script started: this file starts it.
 */
import { importCommand } from '../cards-import.js';

importCommand();
