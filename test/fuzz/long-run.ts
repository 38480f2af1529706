// The long fuzz run: mutates each format's seeds (fixtures, small corpus files, synthetic files)
// for a while and checks every input against the reader contract on all three backends
// (test/helpers/fuzz.ts). Inputs that break it are saved to test/fuzz/regressions/<format>/,
// which test/fuzz.test.ts replays in CI.
//   npm run fuzz -- [--seconds N] [--inputs N] [--format NAME] [--seed N] [--max-seed-bytes N]
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { formatByName } from '../../bindings/formats/registry.js';
import { rng } from '../helpers/backends.js';
import { checkContract, ContractViolation, FUZZ_BACKENDS, fuzzKernels, mutate } from '../helpers/fuzz.js';
import { fuzzInput, fuzzSeeds } from '../helpers/fuzz-seeds.js';
import { FUZZED_FORMATS, REGRESSIONS_DIR } from './formats.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    inputs: { type: 'string' },
    format: { type: 'string' },
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    'max-seed-bytes': { type: 'string', default: '20000' },
  },
});
const formats = values.format ? [values.format] : FUZZED_FORMATS;
for (const f of formats) if (!FUZZED_FORMATS.includes(f)) throw new Error(`unknown format ${f}: fuzzed formats are ${FUZZED_FORMATS.join(', ')}`);
const seconds = Number(values.seconds);
const maxInputs = values.inputs ? Number(values.inputs) : Infinity;
const kernels = fuzzKernels();
const next = rng(Number(values.seed));

let findings = 0;
for (const format of formats) {
  const handler = formatByName(format)!;
  const seeds = fuzzSeeds(format, Number(values['max-seed-bytes']));
  const outcomes = new Map<string, number>();
  const started = performance.now();
  const deadline = started + (seconds * 1000) / formats.length;
  let inputs = 0;
  let lastReport = started;
  while (inputs < maxInputs && performance.now() < deadline) {
    const seed = seeds[Math.floor(next() * seeds.length)]!;
    // Now and then stack a second mutation, to get past the first check that refuses the first.
    const stacked = next() < 0.25;
    const { bytes, options } = fuzzInput(seed, next, (b, n) => (stacked ? mutate(mutate(b, n), n) : mutate(b, n)));
    inputs++;
    try {
      const outcome = checkContract(handler, bytes, kernels, options);
      const key = outcome.ok ? 'ok' : outcome.code;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    } catch (error) {
      if (!(error instanceof ContractViolation)) throw error;
      findings++;
      const dir = join(REGRESSIONS_DIR, format);
      mkdirSync(dir, { recursive: true });
      const name = `${createHash('sha1').update(bytes).digest('hex').slice(0, 12)}.bin`;
      writeFileSync(join(dir, name), bytes);
      console.error(`FINDING ${format} (from ${seed.name}) saved as test/fuzz/regressions/${format}/${name}: ${error.message}`);
    }
    if (performance.now() - lastReport > 30_000) {
      lastReport = performance.now();
      console.error(`${format}: ${inputs} inputs, ${((inputs / (lastReport - started)) * 1000).toFixed(0)}/s`);
    }
  }
  const elapsed = (performance.now() - started) / 1000;
  const summary = [...outcomes].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ');
  console.log(`${format}: ${inputs} inputs × ${FUZZ_BACKENDS.length} backends (${FUZZ_BACKENDS.join(', ')}) in ${elapsed.toFixed(0)} s from ${seeds.length} seeds; outcomes: ${summary}`);
}
console.log(`findings: ${findings}`);
process.exitCode = findings ? 1 : 0;
