import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apgFormat, readApg, writeApg, type ApgDocument, type ApgKeyKind } from '../bindings/formats/apg/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { rng } from './helpers/backends.js';
import { assetBits, sameOutcomeOnEveryBackend } from './helpers/backend-outcomes.js';
import { corpusAvailable, corpusFiles, readCorpus } from './helpers/corpus.js';

const inputs: [string, Uint8Array][] = [['tube', apgFormat.encodeSync(tubeAsset())]];
if (corpusAvailable) for (const name of corpusFiles('apg', ['.apg'])) inputs.push([name, readCorpus('apg', name)]);

/** Bytes that steer a text reader: digits, signs, points, exponents, separators, tags. */
const INTERESTING = Array.from('0123456789-+.eE @\n\r\t x', (c) => c.charCodeAt(0));

function mutate(source: Uint8Array, next: () => number): Uint8Array {
  const kind = Math.floor(next() * 4);
  if (kind === 0) return source.subarray(0, Math.floor(next() * source.length));
  if (kind === 1) {
    // Delete or repeat a line.
    const lines = new TextDecoder().decode(source).split('\n');
    const at = Math.floor(next() * lines.length);
    if (next() < 0.5) lines.splice(at, 1);
    else lines.splice(at, 0, lines[at]!);
    return new TextEncoder().encode(lines.join('\n'));
  }
  const bytes = source.slice();
  for (let e = 1 + Math.floor(next() * 3); e > 0; e--) {
    // Half of the edits land on tag lines' neighbourhood, where counts are.
    let at = Math.floor(next() * bytes.length);
    if (next() < 0.5) {
      const tag = bytes.indexOf(0x40, at);
      if (tag >= 0) at = Math.min(bytes.length - 1, tag + Math.floor(next() * 30));
    }
    bytes[at] = kind === 2 ? INTERESTING[Math.floor(next() * INTERESTING.length)]! : Math.floor(next() * 256);
  }
  return bytes;
}

describe('apg fuzzing: the same MeshFormatError code or the same Asset on all three backends', () => {
  for (const [name, original] of inputs) {
    it(`${name}: byte edits, line deletions and repeats, truncations`, () => {
      const next = rng(original.length);
      const codes = new Set<string>();
      const rounds = original.length > 50000 ? 40 : 150;
      for (let round = 0; round < rounds; round++) codes.add(sameOutcomeOnEveryBackend(apgFormat, mutate(original, next)));
      expect(codes.size).toBeGreaterThan(2);
    });
  }

  it('hostile counts are refused before anything is allocated from them', () => {
    const base = "@Anton's\n@vert_count 999999999\n@vp comps 16\n1 2 3\n";
    expect(sameOutcomeOnEveryBackend(apgFormat, new TextEncoder().encode(base))).toBe('BAD_COUNT');
    const keys = "@Anton's\n@skeleton bones 1 animations 1\n@hierarchy nodes 1\nparent -1 bone_id 0\n@animation name a duration 1\n@tra_keys node 0 count 2000000000 comps 3\nt 0 TRA 0 0 0\n";
    expect(sameOutcomeOnEveryBackend(apgFormat, new TextEncoder().encode(keys))).toBe('BAD_COUNT');
    expect(sameOutcomeOnEveryBackend(apgFormat, new TextEncoder().encode("@Anton's\n@hierarchy nodes 99999999999\n"))).toBe('SYNTAX');
  });

  it('fast-check: arbitrary text after the magic', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...'0123456789 -.e\n@vp comps vert_count tra_keys node count t TRA'.split(/(?=[ \n])/)), { maxLength: 80 }), (parts) => {
        sameOutcomeOnEveryBackend(apgFormat, new TextEncoder().encode(`@Anton's\n${parts.join('')}`));
      }),
      { numRuns: 400, seed: 13 },
    );
  });

  it('fast-check: random documents write, read back equal (shortest numbers), and parse alike everywhere', () => {
    const float = fc.float({ noNaN: false }).map(Math.fround);
    const block = (kind: ApgKeyKind) =>
      fc.integer({ min: 0, max: 5 }).chain((n) =>
        fc.record({ kind: fc.constant(kind), node: fc.integer({ min: 0, max: 2 }), times: fc.float32Array({ minLength: n, maxLength: n }), values: fc.float32Array({ minLength: n * (kind === 'rot' ? 4 : 3), maxLength: n * (kind === 'rot' ? 4 : 3) }) }),
      );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }).chain((triangles) =>
          fc.record({
            vertexCount: fc.constant(triangles * 3),
            vp: fc.float32Array({ minLength: triangles * 9, maxLength: triangles * 9 }),
            vt: fc.option(fc.float32Array({ minLength: triangles * 6, maxLength: triangles * 6 })),
            radius: fc.option(float),
            keys: fc.array(fc.oneof(block('tra'), block('rot'), block('sca')), { maxLength: 4 }),
            name: fc.string({ maxLength: 8 }).map((s) => s.replace(/[\s]/g, '_')),
          }),
        ),
        (r) => {
          const document: ApgDocument = {
            header: "@Anton's fuzz",
            vertexCount: r.vertexCount,
            vertexArrays: [{ name: 'vp', components: 3, values: r.vp }, ...(r.vt ? [{ name: 'vt' as const, components: 2, values: r.vt }] : [])],
            skeleton: { bones: 3, animations: 1 },
            hierarchy: [{ parent: -1, boneId: 0 }, { parent: 0, boneId: 1 }, { parent: 1, boneId: 2 }],
            animations: [{ name: r.name, duration: 1, keys: r.keys }],
            ...(r.radius !== null ? { boundingRadius: r.radius } : {}),
          };
          const bytes = writeApg(document);
          expect(assetBits(readApg(bytes) as never)).toEqual(assetBits(document as never));
          expect(apgFormat.rewriteSync!(bytes)).toEqual(bytes);
          sameOutcomeOnEveryBackend(apgFormat, bytes);
        },
      ),
      { numRuns: 100, seed: 17 },
    );
  });
});
