// Errors found after reading name the same place with the same words as before the UNIGINE, apg
// and IQM readers stopped recording file positions in a WeakMap per array, block and node:
// every truncated or mutated input of test/helpers/provenance-cases.ts gives, on every backend,
// the outcome recorded from the tree before (test/provenance/errors.json, 3d00f31).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { provenanceCases, provenanceOutcome } from './helpers/provenance-cases.js';

const recorded = JSON.parse(readFileSync(new URL('./provenance/errors.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const kernels = allKernels();
const cases = provenanceCases();

describe('error places and messages against the recording', () => {
  it('covers the errors found after reading (index, parent, count and bone checks)', () => {
    const messages = Object.values(recorded).map((o) => (typeof o === 'object' ? (o as { message: string }).message : ''));
    for (const words of ['parents must come before', 'values, not', 'vertex bone id', 'keys for node', 'uses vertex', 'has cindex']) {
      expect(messages.some((m) => m.includes(words)), words).toBe(true);
    }
  });

  for (const backend of BACKENDS) {
    it(`${backend}: every case as recorded`, () => {
      const differing: string[] = [];
      for (const c of cases) {
        if (!(c.id in recorded)) continue; // a corpus file absent when recorded
        const got = JSON.parse(JSON.stringify(provenanceOutcome(c, kernels[backend])));
        if (JSON.stringify(got) !== JSON.stringify(recorded[c.id])) differing.push(`${c.id}: ${JSON.stringify(got)} ≠ ${JSON.stringify(recorded[c.id])}`);
      }
      expect(differing).toEqual([]);
      expect(cases.filter((c) => c.id in recorded).length).toBeGreaterThan(1500);
    });
  }
});
