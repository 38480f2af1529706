// The SIMD tangent-frame kernels work on several groups of four vertices side by side
// (encodeTangentFrames: three groups, twelve vertices a call; tangentFrames: three groups, twelve
// quaternions an iteration), each group a copy of the four-lane steps. These tests put each
// special case (a zero or non-finite normal, a tangent along its normal, a missing tangent's
// fallback, negative and zero handedness, a zero quaternion) alone in every lane of every group,
// with the tails after the last whole call, and compare every backend with the js twin bit for bit.
import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, floatBits, mixedFloats, randomInts } from './helpers/backends.js';

const kernels = allKernels();

function unitFrames(count: number, seed: number): { normals: Float32Array; tangents: Float32Array } {
  const normals = mixedFloats(count * 3, seed, 2).map((v) => (Number.isFinite(v) ? v : 0.5));
  const tangents = mixedFloats(count * 4, seed + 1, 2).map((v) => (Number.isFinite(v) ? v : -0.25));
  for (let v = 0; v < count; v++) if (normals[v * 3]! === 0 && normals[v * 3 + 1]! === 0 && normals[v * 3 + 2]! === 0) normals[v * 3 + 2] = 1;
  return { normals, tangents };
}

type Special = (normals: Float32Array, tangents: Float32Array, v: number) => void;

const SPECIALS: [string, Special][] = [
  ['zero normal', (n, _t, v) => n.fill(0, v * 3, v * 3 + 3)],
  ['NaN normal', (n, _t, v) => n.set([NaN, 0, 1], v * 3)],
  ['infinite normal', (n, _t, v) => n.set([Infinity, 0, 0], v * 3)],
  ['tangent along its normal', (n, t, v) => t.set(n.subarray(v * 3, v * 3 + 3), v * 4)],
  ['zero tangent, negative handedness', (_n, t, v) => t.set([0, 0, 0, -1], v * 4)],
  ['tiny tangent, zero handedness', (_n, t, v) => t.set([1e-30, 0, 0, 0], v * 4)],
  ['normal along -z, tangent along x', (n, t, v) => { n.set([0, 0, -1], v * 3); t.set([1, 0, 0, -0], v * 4); }],
];

describe('encodeTangentFrames: every lane of every interleaved group', () => {
  it('matches the js twin with each special case alone in each of 31 positions, with and without tangents', () => {
    for (const count of [12, 24, 31]) {
      for (const [name, special] of SPECIALS) {
        for (let at = 0; at < count; at++) {
          const { normals, tangents } = unitFrames(count, count * 31 + at);
          special(normals, tangents, at);
          for (const hasTangents of [true, false]) {
            const results = BACKENDS.map((b) => {
              const dst = new Int16Array(count * 4);
              kernels[b].raw.encodeTangentFrames(normals, hasTangents ? tangents : new Float32Array(0), hasTangents, dst);
              return Array.from(dst);
            });
            const reference = results[BACKENDS.indexOf('js')]!;
            for (let i = 0; i < BACKENDS.length; i++) expect(results[i], `${BACKENDS[i]}: ${name} at vertex ${at} of ${count}, tangents ${hasTangents}`).toEqual(reference);
          }
        }
      }
    }
  });
});

describe('tangentFrames: every lane of every interleaved group', () => {
  it('matches the js twin with a zero, an extreme and a negative-w quaternion alone in each of 31 positions', () => {
    const specials: [string, number[]][] = [['zero', [0, 0, 0, 0]], ['extreme', [-32768, -32768, -32768, -32768]], ['negative w', [3, -7, 32767, -1]]];
    for (const count of [12, 24, 31]) {
      for (const [name, quaternion] of specials) {
        for (let at = 0; at < count; at++) {
          const quats = randomInts(Int16Array, count * 4, count * 7 + at, 32767, -32768);
          quats.set(quaternion, at * 4);
          const results = BACKENDS.map((b) => {
            const normals = new Float32Array(count * 3), tangents = new Float32Array(count * 4);
            kernels[b].raw.tangentFrames(quats, normals, tangents);
            return [...floatBits(normals), ...floatBits(tangents)];
          });
          const reference = results[BACKENDS.indexOf('js')]!;
          for (let i = 0; i < BACKENDS.length; i++) expect(results[i], `${BACKENDS[i]}: ${name} at ${at} of ${count}`).toEqual(reference);
        }
      }
    }
  });
});
