import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Formats the fuzzers cover: every readable format (Transport Fever with its blob as a companion). */
export const FUZZED_FORMATS = ['unigine', 'iqm', 'glb', 'gltf', 'tf', 'apg', 'ms2'];

/** Inputs the long run found, one folder per format: replayed by test/fuzz.test.ts. */
export const REGRESSIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'regressions');
