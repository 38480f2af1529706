// Every format, every seed (fixtures, corpus files, synthetic files), mutated by the blind byte
// mutations and the format's structure-aware mutators (test/fuzz/mutators/): the reader
// contract on all three backends for each input (helpers/fuzz.ts), and on a bounded sample the
// writers' contract (helpers/fuzz-writers.ts: every writer, read back by its own reader). The
// long run of the same loop is `npm run fuzz`; what it finds is saved to test/fuzz/regressions/
// and replayed here with every check, as are the hostile reproducers of issue 17.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatByName } from '../bindings/formats/registry.js';
import { rng } from './helpers/backends.js';
import { checkContract, ContractViolation, fuzzKernels } from './helpers/fuzz.js';
import { fuzzInput, fuzzSeeds, seedFileName } from './helpers/fuzz-seeds.js';
import { FUZZED_FORMATS, REGRESSIONS_DIR } from './fuzz/formats.js';
import { mutateInput } from './fuzz/mutators/index.js';

const kernels = fuzzKernels();

/** Mutated inputs per seed that read and then go through every writer (the rest are read only). */
const WRITER_SAMPLE = 1;

/**
 * Regression inputs that fail until a fix on another branch merges: skipped, each with the
 * issue item that fixes it. The lead empties this list after merging.
 */
export const PENDING_FIXES: Record<string, string> = {
};

/**
 * Classes of violation the mutated seeds still reach until a fix on another branch merges: a
 * violation of the format whose message matches is counted and reported (console.warn), not
 * failed. The lead empties this list after merging, with PENDING_FIXES.
 */
export const PENDING_VIOLATIONS: { format: string; message: RegExp; fix: string }[] = [];

/** Runs `check`; a ContractViolation of a PENDING_VIOLATIONS class is counted in `pending` instead of thrown. */
function unlessPending<T>(format: string, pending: Map<string, number>, check: () => T): T | undefined {
  try {
    return check();
  } catch (error) {
    const known = error instanceof ContractViolation ? PENDING_VIOLATIONS.find((p) => (p.format === '*' || p.format === format) && p.message.test(error.message)) : undefined;
    if (!known) throw error;
    pending.set(known.fix, (pending.get(known.fix) ?? 0) + 1);
    return undefined;
  }
}

for (const format of FUZZED_FORMATS) {
  const handler = formatByName(format)!;
  const seeds = fuzzSeeds(format);
  describe(`${format}: mutated seeds, on every backend`, () => {
    it.each(seeds.map((seed) => [seed.name, seed] as const))('%s', (_, seed) => {
      const runs = seed.bytes.length > 100_000 ? 12 : seed.bytes.length > 10_000 ? 40 : 120;
      const next = rng(seed.bytes.length * 31 + seed.name.length);
      const outcomes = new Set<string>();
      const fileName = seedFileName(seed);
      const pending = new Map<string, number>();
      // The seed itself through every writer, then WRITER_SAMPLE mutated inputs that read.
      unlessPending(format, pending, () => checkContract(handler, seed.bytes, kernels, { fileName, resolve: (n) => seed.companions?.find((c) => c.name === n)?.bytes }, { writers: true, rewrite: true }));
      let written = 0;
      for (let i = 0; i < runs; i++) {
        const { bytes, options } = fuzzInput(seed, next, (b, n, file) => mutateInput({ bytes: b, file, format, handler, seed, seeds }, n).bytes);
        const writers = written < WRITER_SAMPLE;
        const outcome = unlessPending(format, pending, () => checkContract(handler, bytes, kernels, options, { writers, rewrite: true }));
        if (outcome?.ok && writers) written++;
        outcomes.add(outcome ? (outcome.ok ? 'ok' : outcome.code) : 'pending');
      }
      for (const [fix, n] of pending) console.warn(`${format} ${seed.name}: ${n} inputs hit a violation pending a fix (${fix})`);
      expect(outcomes.size).toBeGreaterThan(0);
    });
  });

  const regressions = join(REGRESSIONS_DIR, format);
  const names = existsSync(regressions) ? readdirSync(regressions).sort() : [];
  // A file whose name extends another's (`x.msh.blob` after `x.msh`) is that one's companion, not an input.
  const saved = names.filter((name) => !names.some((other) => other !== name && name.startsWith(`${other}.`)));
  describe.skipIf(saved.length === 0)(`${format}: inputs the fuzzers once found and issue 17's reproducers, every check on every backend`, () => {
    for (const name of saved) {
      const pending = PENDING_FIXES[name];
      it.skipIf(pending !== undefined)(pending ? `${name} (PENDING_FIXES: ${pending})` : name, () => {
        const companions = names.filter((other) => other.startsWith(`${name}.`)).map((other) => ({ name: other, bytes: new Uint8Array(readFileSync(join(regressions, other))) }));
        const options = { fileName: name, resolve: (n: string) => companions.find((c) => c.name === n)?.bytes, companionBytes: companions.reduce((n, c) => n + c.bytes.length, 0) };
        checkContract(handler, new Uint8Array(readFileSync(join(regressions, name))), kernels, options, { writers: true, rewrite: true });
      });
    }
  });
}
