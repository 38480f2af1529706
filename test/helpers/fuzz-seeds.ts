import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { formatByName } from '../../bindings/formats/registry.js';
import { writeIqm } from '../../bindings/formats/iqm/index.js';
import { FIXTURES_DIR } from '../../fixtures/make-fixtures.js';
import { corpusAvailable, corpusPath } from './corpus.js';
import { sampleIqmDocument } from './iqm-samples.js';
import { iqmFilePerVertexFormat, richIqmFiles, richUnigineAnim, richUnigineMesh } from './synthetic.js';

export interface FuzzSeed {
  name: string;
  bytes: Uint8Array;
}

/** Files each format's fuzzing starts from besides its fixtures and corpus folder: what the writers make for branches the corpus lacks. */
const SYNTHETIC: Record<string, () => FuzzSeed[]> = {
  unigine: () => [
    { name: 'synthetic rich.mesh', bytes: richUnigineMesh() },
    { name: 'synthetic rich.anim', bytes: richUnigineAnim() },
  ],
  iqm: () => [
    { name: 'synthetic sample.iqm', bytes: writeIqm(sampleIqmDocument()) },
    ...richIqmFiles().map((bytes, i) => ({ name: `synthetic rich-${i ? 'float' : 'ubyte'}.iqm`, bytes })),
    ...iqmFilePerVertexFormat().map(({ format, bytes }) => ({ name: `synthetic ${format}.iqm`, bytes })),
  ],
};

/**
 * The inputs fuzzing of `format` mutates: the format's fixtures, its corpus files up to
 * `maxBytes` (../shared/corpus/<format>/, when present) and its synthetic files.
 */
export function fuzzSeeds(format: string, maxBytes = 300_000): FuzzSeed[] {
  const handler = formatByName(format);
  if (!handler) throw new Error(`no format named ${format}`);
  const matches = (name: string) => handler.extensions.some((ext) => name.toLowerCase().endsWith(ext));
  const seeds: FuzzSeed[] = [];
  for (const name of readdirSync(FIXTURES_DIR).sort()) {
    if (matches(name)) seeds.push({ name: `fixtures/${name}`, bytes: new Uint8Array(readFileSync(join(FIXTURES_DIR, name))) });
  }
  const folder = corpusPath(format);
  if (corpusAvailable && existsSync(folder)) {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      if (matches(name) && statSync(path).size <= maxBytes) seeds.push({ name: `corpus/${format}/${name}`, bytes: new Uint8Array(readFileSync(path)) });
    }
  }
  seeds.push(...(SYNTHETIC[format]?.() ?? []));
  return seeds;
}
