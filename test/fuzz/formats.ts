import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Formats the fuzzers cover (every readable format whose input is one file). */
export const FUZZED_FORMATS = ['unigine', 'iqm'];

/** Inputs the long run found, one folder per format: replayed by test/fuzz.test.ts. */
export const REGRESSIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'regressions');
