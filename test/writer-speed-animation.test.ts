// Shared animation helpers sped up for issue 22's encode work: firstNonFinite (four sums) and
// fillFrames' block copy for frames in a row. Each is checked against the plain form.
import { describe, expect, it } from 'vitest';
import { firstNonFinite } from '../bindings/model/validate-asset.js';
import { fillFrames } from '../bindings/model/resample-animation.js';
import type { Track } from '../bindings/model/asset.js';
import { NAN_BITS, rng } from './helpers/backends.js';

describe('firstNonFinite', () => {
  it('every length 0–11, one NaN, ±Infinity at every place: the first one found', () => {
    for (let n = 0; n <= 11; n++) {
      const clean = Float32Array.from({ length: n }, (_, i) => i - 3.5);
      expect(firstNonFinite(clean)).toBe(-1);
      for (const bad of [NaN, Infinity, -Infinity]) {
        for (let at = 0; at < n; at++) {
          const values = clean.slice();
          values[at] = bad;
          if (at + 2 < n) values[at + 2] = NaN;
          expect(firstNonFinite(values), `${n} ${bad} ${at}`).toBe(at);
          expect(firstNonFinite(Array.from(values)), `array ${n} ${bad} ${at}`).toBe(at);
        }
      }
    }
  });

  it('the largest finite float32 values do not sum to infinity', () => {
    expect(firstNonFinite(new Float32Array(4096).fill(3.4028234663852886e38))).toBe(-1);
  });
});

describe('fillFrames: frames in a row give what the per-frame loop gives', () => {
  /** The per-frame form: fillFrames into a wider stride, then each frame's values taken out. */
  function reference(track: Track, channel: 'translation' | 'rotation', c: number, frameCount: number, frameRate: number): Uint32Array {
    const wide = new Float32Array(frameCount * (c + 1));
    fillFrames(track, channel, frameCount, frameRate, wide, 0, c + 1);
    const bits = new Uint32Array(wide.buffer);
    return Uint32Array.from({ length: frameCount * c }, (_, i) => bits[Math.floor(i / c) * (c + 1) + (i % c)]!);
  }

  it('on the grid, held after the last key, with NaN payloads, at an offset', () => {
    const next = rng(5);
    for (const keys of [1, 2, 5, 9]) {
      for (const frameCount of [keys, keys + 3]) {
        const times = Float32Array.from({ length: keys }, (_, k) => k / 30);
        const rotation = Float32Array.from({ length: keys * 4 }, () => next());
        const payloads = new Float32Array(new Uint32Array(NAN_BITS).buffer);
        rotation.set(payloads.subarray(0, Math.min(rotation.length, payloads.length)));
        const track: Track = { joint: 0, times, rotation, translation: Float32Array.from({ length: keys * 3 }, () => next()) };
        for (const [channel, c] of [['rotation', 4], ['translation', 3]] as const) {
          const dst = new Float32Array(frameCount * c + 7);
          expect(fillFrames(track, channel, frameCount, 30, dst, 5, c)).toBe(true);
          const got = new Uint32Array(dst.buffer, 20, frameCount * c);
          expect(Array.from(got), `${keys} keys, ${frameCount} frames, ${channel}`).toEqual(Array.from(reference(track, channel, c, frameCount, 30)));
          expect(Array.from(dst.subarray(0, 5))).toEqual([0, 0, 0, 0, 0]);
          expect(Array.from(dst.subarray(5 + frameCount * c))).toEqual(new Array(2).fill(0));
        }
      }
    }
  });
});
