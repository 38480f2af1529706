// apgToAsset skips sampling a key block at its own times (to-asset.ts, isKeyGrid): its tracks
// must be bit for bit what sampleChannel at the merged times gives, for every kind of key times
// (shared, differing, repeated, unsorted, NaN, infinite, values of the wrong length), on every
// backend.
import { describe, expect, it } from 'vitest';
import { apgToAsset } from '../bindings/formats/apg/to-asset.js';
import type { ApgDocument, ApgKeyBlock } from '../bindings/formats/apg/apg-document.js';
import { sampleChannel } from '../bindings/model/resample-animation.js';
import { allKernels, BACKENDS, floatBits, rng } from './helpers/backends.js';

const kernels = allKernels();

function document(keys: ApgKeyBlock[]): ApgDocument {
  return { header: "@Anton's test", vertexCount: 0, vertexArrays: [], hierarchy: [{ parent: -1, boneId: 0 }], animations: [{ name: 'a', duration: 1, keys }] };
}

/** The reference: every channel sampled at the sorted union (or shared list) of its node's times. */
function reference(keys: ApgKeyBlock[]) {
  const lists = keys.map((k) => k.times);
  const first = lists[0]!;
  const same = lists.every((l) => l.length === first.length && l.every((t, i) => t === first[i]));
  const times = same ? first.slice() : Float32Array.from(new Set(lists.flatMap((l) => Array.from(l)))).sort();
  const out: Record<string, Uint32Array> = { times: floatBits(times) };
  for (const k of keys) {
    const values = k.kind === 'rot' ? Float32Array.from({ length: k.values.length }, (_, i) => k.values[(i & ~3) + ((i + 1) & 3)]!) : k.values;
    out[k.kind] = floatBits(sampleChannel(k.times, values, k.kind === 'rot' ? 4 : 3, times));
  }
  return out;
}

const f = (...v: number[]) => Float32Array.from(v);

describe('apg tracks: sampling skipped on a key grid', () => {
  const next = rng(22);
  const random = (n: number) => Float32Array.from({ length: n }, () => (next() - 0.5) * 10);
  const cases: [string, ApgKeyBlock[]][] = [
    ['shared increasing times', [{ kind: 'tra', node: 0, times: f(0, 0.5, 1), values: random(9) }, { kind: 'rot', node: 0, times: f(0, 0.5, 1), values: random(12) }, { kind: 'sca', node: 0, times: f(0, 0.5, 1), values: random(9) }]],
    ['differing times', [{ kind: 'tra', node: 0, times: f(0, 1), values: random(6) }, { kind: 'rot', node: 0, times: f(0, 0.25, 1), values: random(12) }]],
    ['a repeated time', [{ kind: 'tra', node: 0, times: f(0, 0.5, 0.5, 1), values: random(12) }]],
    ['unsorted times', [{ kind: 'tra', node: 0, times: f(0, 1, 0.5), values: random(9) }]],
    ['a NaN time', [{ kind: 'tra', node: 0, times: f(0, NaN, 1), values: random(9) }]],
    ['infinite times', [{ kind: 'sca', node: 0, times: f(-Infinity, 0, Infinity), values: random(9) }]],
    ['−0 and 0', [{ kind: 'tra', node: 0, times: f(-0, 1), values: random(6) }, { kind: 'sca', node: 0, times: f(0, 1), values: random(6) }]],
    ['values shorter than the keys', [{ kind: 'tra', node: 0, times: f(0, 0.5, 1), values: random(6) }]],
    ['values longer than the keys', [{ kind: 'rot', node: 0, times: f(0, 1), values: random(12) }]],
  ];
  for (const [name, keys] of cases) {
    it(name, () => {
      const expected = reference(keys);
      for (const backend of BACKENDS) {
        const track = apgToAsset(document(keys), { kernels: kernels[backend] }).animations[0]!.tracks[0]!;
        const got: Record<string, Uint32Array> = { times: floatBits(track.times) };
        if (track.translation) got.tra = floatBits(track.translation);
        if (track.rotation) got.rot = floatBits(track.rotation);
        if (track.scale) got.sca = floatBits(track.scale);
        expect(got, `${name} on ${backend}`).toEqual(expected);
      }
    });
  }

  it('a track returns arrays of its own, not the document\'s', () => {
    const keys: ApgKeyBlock[] = [{ kind: 'tra', node: 0, times: f(0, 1), values: f(1, 2, 3, 4, 5, 6) }];
    const track = apgToAsset(document(keys), { kernels: kernels.js }).animations[0]!.tracks[0]!;
    expect(track.translation).not.toBe(keys[0]!.values);
    expect(track.times).not.toBe(keys[0]!.times);
  });
});
