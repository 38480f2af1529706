// Runs once per `vitest run`, before any test file: says once (not once per file) what the
// skipped corpus tests need.
import { corpusAvailable, CORPUS_SKIP_MESSAGE } from './corpus.js';

export default function setup(): void {
  if (!corpusAvailable) console.warn(`[meshcodec tests] corpus tests skipped: ${CORPUS_SKIP_MESSAGE}`);
}
