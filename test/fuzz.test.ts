// Every format, every seed (fixtures, corpus files, synthetic files), mutated: the reader
// contract on all three backends for each input (helpers/fuzz.ts). The long run of the same
// loop is `npm run fuzz`; what it finds is saved to test/fuzz/regressions/ and replayed here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatByName } from '../bindings/formats/registry.js';
import { rng } from './helpers/backends.js';
import { checkContract, fuzzKernels, mutate } from './helpers/fuzz.js';
import { fuzzInput, fuzzSeeds } from './helpers/fuzz-seeds.js';
import { FUZZED_FORMATS, REGRESSIONS_DIR } from './fuzz/formats.js';

const kernels = fuzzKernels();

for (const format of FUZZED_FORMATS) {
  const handler = formatByName(format)!;
  describe(`${format}: mutated seeds, on every backend`, () => {
    it.each(fuzzSeeds(format).map((seed) => [seed.name, seed] as const))('%s', (_, seed) => {
      const runs = seed.bytes.length > 100_000 ? 12 : seed.bytes.length > 10_000 ? 40 : 120;
      const next = rng(seed.bytes.length * 31 + seed.name.length);
      const outcomes = new Set<string>();
      for (let i = 0; i < runs; i++) {
        const { bytes, options } = fuzzInput(seed, next, mutate);
        const outcome = checkContract(handler, bytes, kernels, options);
        outcomes.add(outcome.ok ? 'ok' : outcome.code);
      }
      expect(outcomes.size).toBeGreaterThan(0);
    });
  });

  const regressions = join(REGRESSIONS_DIR, format);
  const saved = existsSync(regressions) ? readdirSync(regressions).filter((n) => n.endsWith('.bin')).sort() : [];
  describe.skipIf(saved.length === 0)(`${format}: inputs the long fuzz run once found`, () => {
    it.each(saved)('%s', (name) => {
      checkContract(handler, new Uint8Array(readFileSync(join(regressions, name))), kernels);
    });
  });
}
