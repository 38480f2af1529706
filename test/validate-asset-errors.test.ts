// validateAsset's refusals, case by case, against a recording from the tree before it became one
// pass without closures (test/validate-errors: about 7,700 hand-built Assets wrong in one place,
// recorded with 364d481's validateAsset): the same outcome on every backend, accepted or refused with the same
// code, format, path and message.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { validateCases, validateOutcome } from './validate-errors/mutations.js';

const recorded = JSON.parse(readFileSync(new URL('./validate-errors/errors.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const kernels = allKernels();

describe('validateAsset gives every recorded outcome again', () => {
  const cases = validateCases();
  it('covers the recording, case for case', () => {
    expect(cases.map((c) => c.id).sort()).toEqual(Object.keys(recorded).sort());
    expect(Object.values(recorded).filter((o) => o !== 'accepted').length).toBeGreaterThan(4000);
  });
  for (const backend of BACKENDS) {
    it(`on ${backend}`, () => {
      const changed: string[] = [];
      for (const c of cases) {
        const outcome = validateOutcome(c, kernels[backend]);
        if (JSON.stringify(outcome) !== JSON.stringify(recorded[c.id])) changed.push(`${c.id}: ${JSON.stringify(outcome)} (recorded ${JSON.stringify(recorded[c.id])})`);
      }
      expect(changed.slice(0, 20)).toEqual([]);
    });
  }
});
