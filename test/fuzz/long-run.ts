// The long fuzz run: mutates each format's seeds (fixtures, small corpus files, synthetic files)
// with the blind byte mutations and the format's structure-aware mutators (test/fuzz/mutators/)
// for a while, and checks every input against the reader contract on all three backends
// (test/helpers/fuzz.ts); every input that reads also goes through every writer and back
// (test/helpers/fuzz-writers.ts) unless --no-writers. Inputs that break the contract are saved to
// test/fuzz/regressions/<format>/, which test/fuzz.test.ts replays in CI. Ends with a markdown
// table per format, in the form of README § Limits.
//   npm run fuzz -- [--seconds N] [--inputs N] [--format NAME] [--seed N] [--max-seed-bytes N]
//                   [--no-writers] [--writers-every K] [--hand-built N]
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { formatByName } from '../../bindings/formats/registry.js';
import { rng } from '../helpers/backends.js';
import { checkContract, ContractViolation, FUZZ_BACKENDS, fuzzKernels } from '../helpers/fuzz.js';
import { fuzzInput, fuzzSeeds } from '../helpers/fuzz-seeds.js';
import { FUZZED_FORMATS, REGRESSIONS_DIR } from './formats.js';
import { mutateInput } from './mutators/index.js';
import { fuzzHandBuiltAsset } from '../helpers/asset-fuzz.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    inputs: { type: 'string' },
    format: { type: 'string' },
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    'max-seed-bytes': { type: 'string', default: '20000' },
    writers: { type: 'boolean', default: true },
    'no-writers': { type: 'boolean', default: false },
    'hand-built': { type: 'string', default: '0' },
    'writers-every': { type: 'string', default: '1' },
  },
});
const formats = values.format ? [values.format] : FUZZED_FORMATS;
for (const f of formats) if (!FUZZED_FORMATS.includes(f)) throw new Error(`unknown format ${f}: fuzzed formats are ${FUZZED_FORMATS.join(', ')}`);
const seconds = Number(values.seconds);
const maxInputs = values.inputs ? Number(values.inputs) : Infinity;
const writers = values.writers && !values['no-writers'];
const handBuilt = Number(values['hand-built']);
// Writers cost 10-100× a read: `--writers-every K` sends only every K-th input that reads through
// them, so a run of a million inputs per format stays within hours (the table says which K).
const writersEvery = Math.max(1, Math.floor(Number(values['writers-every'])));
const kernels = fuzzKernels();
const next = rng(Number(values.seed));

interface FormatTally {
  seeds: number;
  inputs: number;
  read: number;
  refused: Map<string, number>;
  written: number;
  writerRefused: number;
  findings: number;
  /** Findings by the mutator that made the input. */
  byMutator: Map<string, number>;
}

const tallies = new Map<string, FormatTally>();
let findings = 0;

function saveFinding(format: string, bytes: Uint8Array, mutator: string, from: string, error: Error, companions: { name: string; bytes: Uint8Array }[] = []): void {
  findings++;
  const dir = join(REGRESSIONS_DIR, format);
  mkdirSync(dir, { recursive: true });
  // Named by its hash and its seed's extension (`<hash>.msh`), companions by theirs (`<hash>.msh.blob`), as fuzz.test.ts pairs them.
  const hash = createHash('sha1').update(bytes).digest('hex').slice(0, 12);
  const extension = (file: string) => file.slice(file.indexOf('.'));
  const name = `${hash}${extension(from.slice(from.lastIndexOf('/') + 1))}`;
  writeFileSync(join(dir, name), bytes);
  for (const c of companions) writeFileSync(join(dir, `${hash}${extension(c.name)}`), c.bytes);
  console.error(`FINDING ${format} by ${mutator} (from ${from}) saved as test/fuzz/regressions/${format}/${name}: ${error.message}`);
}

for (const format of formats) {
  const handler = formatByName(format)!;
  const seeds = fuzzSeeds(format, Number(values['max-seed-bytes']));
  const tally: FormatTally = { seeds: seeds.length, inputs: 0, read: 0, refused: new Map(), written: 0, writerRefused: 0, findings: 0, byMutator: new Map() };
  tallies.set(format, tally);
  const started = performance.now();
  const deadline = started + (seconds * 1000) / formats.length;
  let lastReport = started;
  while (tally.inputs < maxInputs && performance.now() < deadline) {
    const seed = seeds[Math.floor(next() * seeds.length)]!;
    // Now and then stack a second mutation, to get past the first check that refuses the first.
    const stacked = next() < 0.25;
    const used: string[] = [];
    const mutateOnce = (b: Uint8Array, n: () => number, file: string) => {
      const { bytes, mutator } = mutateInput({ bytes: b, file, format, handler, seed, seeds }, n);
      used.push(mutator);
      return bytes;
    };
    let companionsUsed: { name: string; bytes: Uint8Array }[] = [];
    const { bytes, options } = fuzzInput(seed, next, (b, n, file) => (stacked ? mutateOnce(mutateOnce(b, n, file), n, file) : mutateOnce(b, n, file)));
    if (seed.companions) companionsUsed = seed.companions.map((c) => ({ name: c.name, bytes: options.resolve!(c.name)! }));
    tally.inputs++;
    try {
      const outcome = checkContract(handler, bytes, kernels, options, { writers: writers && tally.read % writersEvery === 0, rewrite: true });
      if (outcome.ok) {
        tally.read++;
        for (const w of outcome.writers ?? []) w.ok ? tally.written++ : tally.writerRefused++;
      } else tally.refused.set(outcome.code, (tally.refused.get(outcome.code) ?? 0) + 1);
    } catch (error) {
      if (!(error instanceof ContractViolation)) throw error;
      tally.findings++;
      const mutator = used.join('+');
      tally.byMutator.set(mutator, (tally.byMutator.get(mutator) ?? 0) + 1);
      saveFinding(format, bytes, mutator, seed.name, error, companionsUsed);
    }
    if (performance.now() - lastReport > 30_000) {
      lastReport = performance.now();
      console.error(`${format}: ${tally.inputs} inputs, ${((tally.inputs / (lastReport - started)) * 1000).toFixed(0)}/s, ${tally.findings} findings`);
    }
  }
  const elapsed = (performance.now() - started) / 1000;
  console.error(`${format}: ${tally.inputs} inputs × ${FUZZ_BACKENDS.length} backends (${FUZZ_BACKENDS.join(', ')}) in ${elapsed.toFixed(0)} s from ${seeds.length} seeds${writers ? ', every input that read written by every writer on every backend' : ''}`);
}

// Hand-built Assets (random shapes and values) straight into every writer on every backend.
if (handBuilt > 0) {
  const report = fuzzHandBuiltAsset(Number(values.seed), handBuilt);
  for (const finding of report.findings) console.error(`FINDING hand-built: ${finding}`);
  findings += report.findings.length;
  console.error(`hand-built: ${report.assets} Assets, ${report.calls} writer calls × ${FUZZ_BACKENDS.length} backends, ${report.findings.length} findings`);
}

const n = (v: number) => v.toLocaleString('en-US');
console.log(`| format | seeds | inputs | read | refused (most common codes) | ${writers ? 'writer outcomes (written · refused) | ' : ''}findings |`);
console.log(`|---|---|---|---|---|${writers ? '---|' : ''}---|`);
for (const [format, t] of tallies) {
  const codes = [...t.refused].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([code, count]) => `${code} ${n(count)}`).join(' · ');
  const label = format === 'tf' ? 'tf (.msh + blob, .ani)' : format;
  console.log(`| ${label} | ${t.seeds} | ${n(t.inputs)} | ${n(t.read)} | ${codes} | ${writers ? `${n(t.written)} · ${n(t.writerRefused)} | ` : ''}${n(t.findings)} |`);
}
for (const [format, t] of tallies) if (t.byMutator.size) console.log(`${format} findings by mutator: ${[...t.byMutator].map(([m, c]) => `${m} ${c}`).join(', ')}`);
console.log(`findings: ${findings}`);
process.exitCode = findings ? 1 : 0;
