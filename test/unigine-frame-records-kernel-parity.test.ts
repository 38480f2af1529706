// expandFloatFrameRecords / expandQuantizedFrameRecords (frame records read where they lie): the
// three backends give the same bits, and every bone's keys are the keys the stream expansion
// (expandFloatFrames / expandQuantizedFrames over the same values split into streams) gives for
// its first keyCount frames; a record cut off by the end is reported at its entry.
import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, floatBits, mixedFloats, NAN_BITS, randomInts, rng } from './helpers/backends.js';
import { joinFrameRecords } from '../bindings/formats/unigine/frame-records.js';

const kernels = allKernels();
const popcount3 = (bits: number) => (bits & 1) + ((bits >> 1) & 1) + ((bits >> 2) & 1);

/** Random frames as streams and as the records a file stores (frame 0 complete unless `sparseStart`). */
function randomRecords(frames: number, bones: number, seed: number, quantized: boolean, sparseStart: boolean) {
  const next = rng(seed);
  const flags = new Uint8Array(frames * bones);
  let p = 0, r = 0, s = 0;
  for (let e = 0; e < flags.length; e++) {
    // Later frames often store nothing, as real files do (constant and held tracks).
    flags[e] = e < bones && !sparseStart ? 0x7f : next() < 0.4 ? (next() < 0.5 ? 0x80 : 0) : Math.floor(next() * 256);
    p += popcount3(flags[e]! & 7);
    r += (flags[e]! >> 3) & 1;
    s += popcount3((flags[e]! >> 4) & 7);
  }
  const positions = quantized ? randomInts(Uint16Array, p, seed + 1, 65535) : mixedFloats(p, seed + 1, 50);
  const scales = quantized ? randomInts(Uint16Array, s, seed + 2, 65535) : mixedFloats(s, seed + 2, 3);
  const rotations = randomInts(Int16Array, r * 4, seed + 3, 32767, -32768);
  const initial = mixedFloats(bones * 10, seed + 4, 2);
  const words = (a: Float32Array | Uint16Array) => (a instanceof Float32Array ? new Uint32Array(a.buffer, a.byteOffset, a.length) : a);
  const records = joinFrameRecords(flags, flags.length, words(positions), rotations, words(scales), quantized ? 2 : 4) as Uint8Array;
  // Per bone a key count from 0 to all frames, laid out one bone after another.
  const keyCount = new Uint32Array(bones).map(() => Math.floor(next() * (frames + 1)));
  const keyFirst = new Uint32Array(bones);
  let keys = 0;
  for (let b = 0; b < bones; b++) {
    keyFirst[b] = keys;
    keys += keyCount[b]!;
  }
  return { flags, positions, rotations, scales, initial, records, keyCount, keyFirst, keys };
}

function box(seed: number, edge: boolean): Float32Array {
  if (!edge) return mixedFloats(12, seed + 9, 10);
  const b = new Float32Array([NaN, -0, Infinity, 1, -Infinity, 0, -1e38, 1e-45, 0, 3e38, 2, -2]);
  new Uint32Array(b.buffer)[0] = NAN_BITS[seed % NAN_BITS.length]!;
  return b;
}

describe('UNIGINE frame records kernels', () => {
  for (const quantized of [false, true]) {
    const name = quantized ? 'expandQuantizedFrameRecords' : 'expandFloatFrameRecords';
    it(`${name}: same bits on every backend, and each bone's keys are the stream expansion's first frames`, () => {
      for (let frames = 0; frames < 14; frames++) {
        for (const bones of [0, 1, 2, 3, 7]) {
          for (const variant of [0, 1, 2]) {
            const seed = frames * 101 + bones * 11 + variant + (quantized ? 5000 : 0);
            const f = randomRecords(frames, bones, seed, quantized, variant === 1);
            const b = box(seed, variant === 2);
            const walked = Math.max(0, ...f.keyCount);
            const results = BACKENDS.map((backend) => {
              const raw = kernels[backend].raw;
              const t = new Float32Array(f.keys * 3), q = new Float32Array(f.keys * 4), s = new Float32Array(f.keys * 3);
              const result = quantized
                ? raw.expandQuantizedFrameRecords(f.records, walked, bones, b, f.initial, f.keyFirst, f.keyCount, t, q, s)
                : raw.expandFloatFrameRecords(f.records, walked, bones, f.initial, f.keyFirst, f.keyCount, t, q, s);
              return { result, t: Array.from(floatBits(t)), q: Array.from(floatBits(q)), s: Array.from(floatBits(s)) };
            });
            for (let i = 0; i < BACKENDS.length; i++) expect(results[i], `${BACKENDS[i]} differs from js`).toEqual(results[BACKENDS.length - 1]);
            expect(results[0]!.result).toBe(-1);
            // The stream expansion, dense and bone-major, on js.
            const raw = kernels.js.raw;
            const n = frames * bones;
            const t = new Float32Array(n * 3), q = new Float32Array(n * 4), s = new Float32Array(n * 3);
            expect(quantized
              ? raw.expandQuantizedFrames(f.flags, frames, bones, f.positions as Uint16Array, f.rotations, f.scales as Uint16Array, b, f.initial, t, q, s)
              : raw.expandFloatFrames(f.flags, frames, bones, f.positions as Float32Array, f.rotations, f.scales as Float32Array, f.initial, t, q, s)).toBe(-1);
            const dense = { t: floatBits(t), q: floatBits(q), s: floatBits(s) };
            for (let bone = 0; bone < bones; bone++) {
              const first = f.keyFirst[bone]!, count = f.keyCount[bone]!;
              for (const [key, c] of [['t', 3], ['q', 4], ['s', 3]] as const) {
                expect(results[0]![key].slice(first * c, (first + count) * c), `bone ${bone} ${key}`).toEqual(Array.from(dense[key].subarray(bone * frames * c, (bone * frames + count) * c)));
              }
            }
          }
        }
      }
    });

    it(`${name}: a record cut off by the end of the records is reported at its entry, on every backend`, () => {
      for (let seed = 1; seed < 40; seed++) {
        const frames = 1 + (seed % 6), bones = 1 + (seed % 4);
        const f = randomRecords(frames, bones, seed * 7 + (quantized ? 1 : 0), quantized, false);
        const keyCount = new Uint32Array(bones).fill(frames);
        const keyFirst = new Uint32Array(bones).map((_, b) => b * frames);
        // Cut at every length: the entry whose record no longer fits (or −1 when all still do).
        const starts: number[] = [];
        for (let at = 0, e = 0; e < f.flags.length; e++) {
          starts.push(at);
          const flag = f.records[at]!;
          at += 1 + (popcount3(flag & 7) + popcount3((flag >> 4) & 7)) * (quantized ? 2 : 4) + (flag & 8);
        }
        for (let cut = 0; cut < f.records.length; cut += 1 + (seed % 3)) {
          const records = f.records.subarray(0, cut);
          let expected = -1;
          for (let e = 0; e < starts.length; e++) {
            const end = e + 1 < starts.length ? starts[e + 1]! : f.records.length;
            if (end > cut) { expected = e; break; }
          }
          for (const backend of BACKENDS) {
            const raw = kernels[backend].raw;
            const n = frames * bones;
            const t = new Float32Array(n * 3), q = new Float32Array(n * 4), s = new Float32Array(n * 3);
            const result = quantized
              ? raw.expandQuantizedFrameRecords(records, frames, bones, box(seed, false), f.initial, keyFirst, keyCount, t, q, s)
              : raw.expandFloatFrameRecords(records, frames, bones, f.initial, keyFirst, keyCount, t, q, s);
            expect(result, `${backend} cut at ${cut}`).toBe(expected);
          }
        }
      }
    });
  }
});

describe('a document whose frame streams are short', () => {
  it('is refused at the first frame entry that asks for more values than its streams hold, on every backend', async () => {
    const { encodeUnigine, readUnigine, unigineToAsset } = await import('../bindings/formats/unigine/index.js');
    const { tubeAsset } = await import('../fixtures/tube-asset.js');
    const bytes = encodeUnigine(tubeAsset({ rings: 4, segments: 6, frames: 5 }), { kernels: kernels.js });
    const full = readUnigine(bytes);
    const animation = full.animations[0]!;
    const bones = animation.boneIndices.length;
    // The entry that takes the last position value: the first the shortened stream cannot serve.
    let taken = 0, last = -1;
    for (let e = 0; e < animation.flags.length; e++) {
      const n = popcount3(animation.flags[e]! & 7);
      if (n && taken + n >= animation.positions.length) { last = e; break; }
      taken += n;
    }
    expect(last).toBeGreaterThanOrEqual(0);
    for (const backend of BACKENDS) {
      const doc = readUnigine(bytes);
      doc.animations[0]!.positions = doc.animations[0]!.positions.slice(0, -1);
      let error: { code?: string; message?: string } | undefined;
      try {
        unigineToAsset(doc, { kernels: kernels[backend] });
      } catch (e) {
        error = e as typeof error;
      }
      expect(error?.code, backend).toBe('BAD_VALUE');
      expect(error?.message).toContain(`frame ${Math.floor(last / bones)}, animated bone ${last % bones}`);
    }
  });
});
