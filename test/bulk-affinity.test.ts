// A claimed batch's threads take their own source formats' files first (bindings/cli/batch-affinity.ts,
// issue 22 item 5): the kinds, each thread's order, the counters (every unit once, whoever asks
// and in whatever interleaving), and, on the built command, a batch of every format converted with
// --jobs 2 and 3 as with --jobs 1.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { batchAffinity, claimByKind } from '../bindings/cli/batch-affinity.js';
import type { BatchFile } from '../bindings/cli/convert-batch.js';
import { testTempDir } from './helpers/temp-dir.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const built = existsSync(join(ROOT, 'dist', 'convert-worker.js'));

const file = (inputPath: string): BatchFile => ({ inputPath, dir: 'o', stem: inputPath.replace(/\..*$/, '') });

/** A deterministic generator (xorshift32) for interleavings. */
function random(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

describe('batchAffinity', () => {
  // Units: a.mesh+a.anim (one unit, unigine), b.iqm, c.mesh, d.apg, e.iqm, f.mesh, g.xyz (no format).
  const files = ['a.mesh', 'a.anim', 'b.iqm', 'c.mesh', 'd.apg', 'e.iqm', 'f.mesh', 'g.xyz'].map(file);
  const units = [[0, 1], [2], [3], [4], [5], [6], [7]];

  it('groups units by the format of their first file, in the batch order', () => {
    const { kinds } = batchAffinity(files, units, 2);
    expect(kinds).toEqual([[0, 2, 5], [1, 4], [3], [6]]);
  });

  it('gives each kind, most files first, to the thread with the fewest files so far; each thread claims its own kinds first, then the others by size', () => {
    // Files per kind: unigine 4 (a.mesh + a.anim, c, f), iqm 2, apg 1, none 1.
    expect(batchAffinity(files, units, 2).orders).toEqual([
      [0, 1, 2, 3],
      [1, 2, 3, 0],
    ]);
    expect(batchAffinity(files, units, 3).orders).toEqual([
      [0, 1, 2, 3],
      [1, 0, 2, 3],
      [2, 3, 0, 1],
    ]);
    // More threads than kinds: the last ones have none of their own and take the largest first.
    expect(batchAffinity(files, units, 6).orders[5]).toEqual([0, 1, 2, 3]);
    expect(batchAffinity(files, units, 1).orders).toEqual([[0, 1, 2, 3]]);
  });

  it('--format makes one kind of the whole batch (one counter, as before)', () => {
    const { kinds, orders } = batchAffinity(files, units, 2, 'iqm');
    expect(kinds).toEqual([[0, 1, 2, 3, 4, 5, 6]]);
    expect(orders).toEqual([[0], [0]]);
  });
});

describe('claimByKind', () => {
  it('takes the units of the first kind in order that has any left, then −1', () => {
    const kinds = [[0, 2, 5], [1, 4], [3]];
    const claim = new Int32Array(new SharedArrayBuffer(4 * kinds.length));
    const taken = Array.from({ length: 7 }, () => claimByKind(claim, kinds, [1, 0, 2]));
    expect(taken).toEqual([1, 4, 0, 2, 5, 3, -1]);
    expect(claimByKind(claim, kinds, [0, 1, 2])).toBe(-1);
  });

  it('hands out every unit exactly once over any interleaving of threads with different orders', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const next = random(seed);
      const unitCount = 1 + Math.floor(next() * 60);
      const kindCount = 1 + Math.floor(next() * 5);
      const kinds: number[][] = Array.from({ length: kindCount }, () => []);
      for (let u = 0; u < unitCount; u++) kinds[Math.floor(next() * kindCount)]!.push(u);
      const threads = 1 + Math.floor(next() * 4);
      const orders = Array.from({ length: threads }, (_, t) => kinds.map((_, k) => (k + t) % kindCount));
      const claim = new Int32Array(new SharedArrayBuffer(4 * kindCount));
      const taken: number[] = [];
      const done = new Set<number>();
      while (done.size < threads) {
        const t = Math.floor(next() * threads);
        if (done.has(t)) continue;
        const unit = claimByKind(claim, kinds, orders[t]!);
        if (unit < 0) done.add(t);
        else taken.push(unit);
      }
      expect(taken.sort((a, b) => a - b)).toEqual(Array.from({ length: unitCount }, (_, u) => u));
    }
  });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

describe.skipIf(!built)('convert --jobs N over every format', () => {
  it('converts a batch of every source format with --jobs 2 and 3 to the same files as --jobs 1', () => {
    const dir = testTempDir('bulk-affinity');
    const fixtures = join(ROOT, 'fixtures');
    for (let copy = 0; copy < 4; copy++) {
      const folder = join(dir, 'src', `c${copy}`);
      mkdirSync(folder, { recursive: true });
      for (const name of ['tube.mesh', 'tube.anim', 'tube.iqm', 'tube.glb', 'tube.gltf', 'tube.apg', 'tube.data', 'tube.msh', 'tube.msh.blob']) copyFileSync(join(fixtures, name), join(folder, name));
    }
    const outputs: Record<string, string[]> = {};
    for (const jobs of ['1', '2', '3']) {
      const out = join(dir, `out${jobs}`);
      const r = spawnSync(process.execPath, [CLI, 'convert', join(dir, 'src'), '--to', 'iqm', '--out-dir', out, '--jobs', jobs, '--quiet'], { encoding: 'utf8', timeout: 60_000 });
      expect(r.status, r.stderr).toBe(0);
      outputs[jobs] = filesUnder(out);
      for (const name of outputs[jobs]!) expect(readFileSync(join(out, name))).toEqual(readFileSync(join(dir, 'out1', name)));
    }
    expect(outputs['1']!.length).toBeGreaterThanOrEqual(4 * 7);
    expect(outputs['2']).toEqual(outputs['1']);
    expect(outputs['3']).toEqual(outputs['1']);
  });
});
