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
  'apg-second-vert_count-1e7__accepted-680MB-3s.apg': 'issue 17 §1: apg second vertex count of 1e7 accepted (Asset beyond 64× the file)',
  'apg-second-vert_count-1e8__wasm-INTERNAL-oob_js-ok-18s-2.6GB.apg': 'issue 17 §1: apg second vertex count of 1e8 (wasm INTERNAL, js 18 s)',
  'apg-second-vert_count-2_31-1__INTERNAL-RangeError.apg': 'issue 17 §1: apg second vertex count of 2^31−1 (INTERNAL RangeError)',
  'gltf-2-keys-550000s__iqm-unigine-writers-100-200MB-1.8GB.gltf': 'issue 17 §1: two keys 550,000 s apart make the IQM and UNIGINE writers build 100–200 MB',
  'gltf-joint-matrix-1e308__glb-writer-nonfinite-translation-unreadable.gltf': 'issue 17 §2/§4: GLB writer writes a non-finite translation its reader refuses',
  'gltf-node-chain-20000__quadratic-4s.gltf': 'issue 17 §6: node chain 20,000 deep read in quadratic time',
  'gltf-normalized-float-accessor__INTERNAL.gltf': 'issue 17 §1: normalized FLOAT accessor gives INTERNAL',
  'gltf-normalized-uint32-accessor__INTERNAL.gltf': 'issue 17 §1: normalized UNSIGNED_INT accessor gives INTERNAL',
  'gltf-zero-filled-accessors-438B__asset-1000x-input.gltf': 'issue 17 §1: zero-filled accessors make an Asset 1000× the file',
  'iqm-anim-only-0-joints__apg-writer-output-unreadable.iqm': 'issue 17 §2: apg written from an animation-only IQM is refused by the apg reader',
  'iqm-raylib_guy-nan-payload-bytes__iqm-encode-differs-simd-vs-scalar-js.iqm': 'issue 17 §1: NaN payloads differ between backends (IQM encode)',
  'iqm-tangent-array-size5-signalling-nan__js-quiets-nan-backends-differ.iqm': 'issue 17 §1: a signalling NaN quieted by js only',
  'iqm-tube-num_joints-0-with-blend-arrays__apg-writer-output-unreadable.iqm': 'issue 17 §2: apg written from blend arrays with 0 joints is refused by the apg reader',
  'ms2-empty-0v0t__glb-gltf-writer-output-unreadable.data': 'issue 17 §2: GLB/glTF from an empty MeshSerializer2 file has a buffer without byteLength',
  'tf-shifted-index-streams-56-attrs__asset-100x-input.msh': 'issue 17 §1: TF index streams shifted over 56 attributes give an Asset 100× the input',
  'u-negative-zero-compact.mesh': 'issue 17 §9: rewriteSync not byte-exact (negative-zero compact integer)',
  'u-noncanonical-compact-zero.mesh': 'issue 17 §9: rewriteSync not byte-exact (non-canonical compact zero)',
  'u-string-embedded-nul.mesh': 'issue 17 §9: rewriteSync not byte-exact (string with an embedded NUL)',
  'u-string-invalid-utf8.mesh': 'issue 17 §9: rewriteSync not byte-exact (string of invalid UTF-8)',
  'unigine-skeleton-only-1-bone__glb-gltf-writer-empty-buffer-unreadable.mesh': 'issue 17 §2: GLB/glTF from a skeleton-only UNIGINE mesh has an empty buffer',
  'unigine-tube-bindpose-translation-inf__glb-writer-nonfinite-unreadable.mesh': 'issue 17 §2/§4: GLB writer writes a non-finite bind-pose translation',
  // Found by the structure-aware mutators on this branch (npm run fuzz -- --seconds 210 --seed 17), one per class.
  '54059890ea0e.mesh': 'issue 17 §9: UNIGINE rewriteSync not byte-exact (hostile-floats on Line01.mesh)',
  '2c1487c3c648.anim': 'issue 17 §9: UNIGINE rewriteSync not byte-exact (byte edit of actor_00_walk_rt.anim)',
  '4da1e87097a5.anim': 'issue 17 §4: GLB writer writes a non-finite node scale its reader refuses',
  '7c35fbaca764.iqm': 'issue 17 §8: UNIGINE writer refuses a track of joint 0 in a skeleton of 0 joints without an Asset path (validateAsset lets it through)',
  '43c996691d93.iqm': 'issue 17 §4: GLB writer writes a non-finite node scale its reader refuses',
  '89a83bc5f306.glb': 'issue 17 §4: GLB writer writes a non-finite node translation its reader refuses',
  'b9aa010aee36.glb': 'issue 17 §1: normalized accessor of a componentType without a decoder gives INTERNAL',
  '6b147e10ae49.glb': 'issue 17 §1: key times far apart make the UNIGINE writer take 47 s',
  'b604f6ef80bb.gltf': 'issue 17 §1: normalized accessor of a componentType without a decoder gives INTERNAL',
  'e2545ee14e01.gltf': 'issue 17 §1: key times far apart make the UNIGINE writer write 1.36 MB from an Asset of 412 bytes',
  '78a70ef70206.gltf': 'issue 17 §4: GLB writer writes a non-finite node translation its reader refuses',
  '9cb1da4eccaf.ani': 'issue 17 §2: GLB from an animation-only TF .ani has a buffer of byteLength 0',
  '0ecc1ac147f3.apg': 'issue 17 §2: GLB from an apg without vertices has a buffer of byteLength 0',
  '2afbd4305949.data': 'issue 17 §2: GLB from an empty MeshSerializer2 file has a buffer of byteLength 0',
  'c4f38f6f5e50.data': 'issue 17 §1: UNIGINE writer output differs between wasm-simd and wasm-scalar (NaN payloads)',
};

/**
 * Classes of violation the mutated seeds still reach until a fix on another branch merges: a
 * violation of the format whose message matches is counted and reported (console.warn), not
 * failed. The lead empties this list after merging, with PENDING_FIXES.
 */
export const PENDING_VIOLATIONS: { format: string; message: RegExp; fix: string }[] = [
  { format: 'unigine', message: /rewriteSync gives/, fix: 'issue 17 §9: UNIGINE rewriteSync not byte-exact on non-canonical compact integers and strings' },
  { format: '*', message: /(glb|gltf) writer .*its own reader refuses .*not \d finite numbers/, fix: 'issue 17 §4: glTF writers write non-finite node transforms' },
  { format: '*', message: /(glb|gltf) writer .*its own reader refuses .*byteLength is not a positive integer/, fix: 'issue 17 §2: glTF writers write an empty buffer' },
  { format: '*', message: /writer on .*names no Asset path/, fix: 'issue 17 §8: writer refusals without an Asset path (validateAsset lets the shape through)' },
  { format: '*', message: /writer: backends disagree/, fix: 'issue 17 §1: writers give different bytes per backend on NaN payloads' },
];

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
