// apg reproducers from ../shared/hostile (copied to test/hostile/) and the count rule they broke:
// every count of the grammar is checked against the bytes after it before anything is allocated.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apgFormat, apgToAsset, readApg } from '../bindings/formats/apg/index.js';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { refusal } from './helpers/refusal.js';

const kernels = allKernels();
const hostile = (name: string) => new Uint8Array(readFileSync(new URL(`./hostile/${name}`, import.meta.url)));
const text = (s: string) => new TextEncoder().encode(s);

const HEAD = "@Anton's custom mesh format v.27DEC2014\n";
const TRIANGLE = `${HEAD}@vert_count 3\n@vp comps 3\n0 0 0\n1 0 0\n0 1 0\n`;

describe('apg counts against the bytes left', () => {
  for (const [name, line] of [
    ['apg-second-vert_count-2_31-1__INTERNAL-RangeError.apg', 7],
    ['apg-second-vert_count-1e8__wasm-INTERNAL-oob_js-ok-18s-2.6GB.apg', 7],
    ['apg-second-vert_count-1e7__accepted-680MB-3s.apg', 7],
  ] as const) {
    it(`${name}: BAD_COUNT at the count, on every backend`, () => {
      const bytes = hostile(name);
      for (const backend of BACKENDS) {
        const error = refusal(() => apgFormat.parseSync(bytes, { kernels: kernels[backend] }));
        expect(error).toMatchObject({ code: 'BAD_COUNT', format: 'apg', line, column: 13 });
        expect(error.message).toMatch(/@vert_count \d+ needs at least \d+ bytes but only 0 are left/);
      }
    });
  }

  it('a second @vert_count that fits is still refused: it would change the blocks already read', () => {
    const source = `${TRIANGLE}@vert_count 3\n${'\n'.repeat(8)}`;
    for (const backend of BACKENDS) expect(refusal(() => apgFormat.parseSync(text(source), { kernels: kernels[backend] }))).toMatchObject({ code: 'SYNTAX', line: 7, column: 1 });
  });

  // Every count tag of the grammar goes through one rule: [source, line, column of the count].
  const huge = '2147483647';
  const cases: [string, string, number, number][] = [
    ['@vert_count', `${HEAD}@vert_count ${huge}\n@vp comps 3\n0 0 0\n`, 2, 13],
    ['@vp comps', `${HEAD}@vert_count 2\n@vp comps 16\n0 0 0\n0 0 0\n`, 3, 11],
    ['@skeleton bones', `${TRIANGLE}@skeleton bones ${huge} animations 0\n`, 7, 17],
    ['@skeleton animations', `${TRIANGLE}@skeleton bones 0 animations ${huge}\n`, 7, 30],
    ['@hierarchy nodes', `${TRIANGLE}@hierarchy nodes ${huge}\nparent -1 bone_id 0\n`, 7, 18],
    ['@tra_keys count', `${TRIANGLE}@animation name a duration 1\n@tra_keys node 0 count ${huge} comps 3\nt 0 TRA 0 0 0\n`, 8, 24],
    ['@rot_keys comps', `${TRIANGLE}@animation name a duration 1\n@rot_keys node 0 count 3 comps 4\nt 0 ROT 1 0 0 0\n`, 8, 32],
  ];
  for (const [what, source, line, column] of cases) {
    it(`${what}: BAD_COUNT at ${line}:${column} before allocating, on every backend`, () => {
      for (const backend of BACKENDS) {
        const error = refusal(() => readApg(text(source), { kernels: kernels[backend] }));
        expect(error).toMatchObject({ code: 'BAD_COUNT', format: 'apg', line, column });
      }
    });
  }

  it('counts that fit exactly are read (a last line without its line break included)', () => {
    const tight = `${HEAD}@vert_count 3\n@vp comps 3\n0 0 0\n1 0 0\n0 1 0`;
    for (const backend of BACKENDS) expect(readApg(text(tight), { kernels: kernels[backend] }).vertexArrays[0]!.values).toEqual(Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0));
  });

  it('a document built by hand whose vertex count exceeds its blocks is refused, not read past', () => {
    const document = { header: HEAD.trim(), vertexCount: 10_000_000, vertexArrays: [{ name: 'vp' as const, components: 3, values: new Float32Array(9) }], animations: [] };
    for (const backend of BACKENDS) expect(refusal(() => apgToAsset(document, { kernels: kernels[backend] }))).toMatchObject({ code: 'BAD_COUNT', format: 'apg' });
  });
});
