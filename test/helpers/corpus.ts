import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CORPUS_MANIFEST } from './corpus-manifest.js';

/** ../shared/corpus from the project root, or $MESHCODEC_CORPUS (a worktree elsewhere): real files written by other tools (never copied into the repo). */
export const CORPUS_DIR = process.env.MESHCODEC_CORPUS ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/corpus');

export const corpusAvailable = existsSync(CORPUS_DIR);

/** Message for `describe.skipIf(!corpusAvailable)` and friends. */
export const CORPUS_SKIP_MESSAGE = `corpus not found at ${CORPUS_DIR}: put the shared/ folder beside the project to run the corpus tests`;

export function corpusPath(...parts: string[]): string {
  return join(CORPUS_DIR, ...parts);
}

export function readCorpus(...parts: string[]): Uint8Array {
  return new Uint8Array(readFileSync(corpusPath(...parts)));
}

/**
 * Files in a corpus folder whose names end with one of `extensions`, sorted. Without the corpus,
 * the names come from CORPUS_MANIFEST, so that tests made per file are still listed (skipped).
 */
export function corpusFiles(folder: string, extensions: string[]): string[] {
  const dir = corpusPath(folder);
  const names = corpusAvailable ? (existsSync(dir) ? readdirSync(dir) : []) : [...(CORPUS_MANIFEST[folder] ?? [])];
  return names
    .filter((name) => extensions.some((ext) => name.toLowerCase().endsWith(ext)))
    .sort();
}
