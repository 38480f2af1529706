import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusAvailable, corpusPath, CORPUS_SKIP_MESSAGE } from './helpers/corpus.js';
import { CORPUS_MANIFEST } from './helpers/corpus-manifest.js';

describe.skipIf(!corpusAvailable)(`corpus manifest (${corpusAvailable ? 'shared/corpus' : CORPUS_SKIP_MESSAGE})`, () => {
  it('lists exactly the files of every corpus folder (so that tests without the corpus skip the same files)', () => {
    const folders = readdirSync(corpusPath(), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
    expect(Object.keys(CORPUS_MANIFEST).sort()).toEqual(folders);
    for (const folder of folders) expect([...CORPUS_MANIFEST[folder]!], folder).toEqual(readdirSync(corpusPath(folder)).sort());
  });
});
