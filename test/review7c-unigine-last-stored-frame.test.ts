// Review of round seven's backward scan for each animated bone's last storing frame
// (expand-animation.ts, lastStoredFrames): against the forward pass it replaced, written here, on
// animations the writer makes with bones that never move, hold from frame 0, move once in the
// middle, move only on the last frame, or move every frame; with 0, 1, 2 and more frames; and
// with every "nothing stored" flag turned into 0x80 (bit 7, which stores nothing either), or with
// bit 7 added to every storing flag. Every backend's expansion gives the reference's frames, and
// the parse's tracks have the key counts they imply.
import { describe, expect, it } from 'vitest';
import { unigineFormat, type Asset } from '../bindings/index.js';
import { readUnigine } from '../bindings/formats/unigine/index.js';
import { expandAnimation } from '../bindings/formats/unigine/expand-animation.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';

const kernels = allKernels();
const STORES = 0x7f;

/** The forward pass: per animated bone the last frame ≥ 1 whose flag stores a value, else 0. */
function reference(flags: Uint8Array, bones: number): number[] {
  const last = new Array<number>(bones).fill(0);
  for (let e = bones; e < flags.length; e++) if (flags[e]! & STORES) last[e % bones] = Math.floor(e / bones);
  return last;
}

type Motion = 'still' | 'once' | 'last' | 'every' | 'first-half';

function animated(frames: number, motions: Motion[], seed: number): Asset {
  const next = rng(seed);
  const tracks = motions.map((motion, j) => {
    const translation = new Float32Array(frames * 3).fill(j);
    for (let f = 0; f < frames; f++) {
      const moves = motion === 'every' || (motion === 'once' && f === frames >> 1) || (motion === 'last' && f === frames - 1) || (motion === 'first-half' && f < frames / 2);
      if (moves) translation[f * 3 + (f % 3)] = j + 1 + next();
    }
    const rotation = new Float32Array(frames * 4);
    for (let f = 0; f < frames; f++) rotation.set([0, 0, 0, 1], f * 4);
    return { joint: j, times: new Float32Array(frames).map((_, f) => f / 30), translation, rotation, scale: new Float32Array(frames * 3).fill(1) };
  });
  return {
    source: 'review7c', upAxis: 'z', warnings: [], meshes: [],
    skeleton: { joints: motions.map((_, j) => ({ name: `b${j}`, parent: j - 1, translation: [0, 0, j], rotation: [0, 0, 0, 1], scale: [1, 1, 1] })) },
    animations: [{ name: 'a', frameRate: 30, frameCount: frames, tracks }],
  } as Asset;
}

const MOTIONS: Motion[] = ['still', 'once', 'last', 'every', 'first-half', 'still', 'last'];

describe('UNIGINE last stored frame, scanned backwards', () => {
  it('matches the forward pass on every backend, for every shape of animation', () => {
    let checked = 0;
    for (const frames of [1, 2, 3, 5, 31, 200]) {
      for (const kind of ['anim', 'mesh'] as const) {
        const bytes = unigineFormat.encodeSync(animated(frames, MOTIONS, frames), { kind });
        for (const variant of ['as written', 'nothing-stored as 0x80', 'bit 7 on storing flags'] as const) {
          const doc = readUnigine(bytes);
          const animation = doc.animations[0]!;
          const flags = animation.flags;
          for (let e = 0; e < flags.length; e++) {
            if (variant === 'nothing-stored as 0x80' && (flags[e]! & STORES) === 0) flags[e] = 0x80;
            if (variant === 'bit 7 on storing flags' && flags[e]! & STORES) flags[e] = flags[e]! | 0x80;
          }
          const bones = animation.boneIndices.length;
          const expected = reference(flags, bones);
          for (const b of BACKENDS) {
            const expanded = expandAnimation(kernels[b], animation, doc.bindPose);
            expect(Array.from(expanded.lastStoredFrame), `${frames} frames ${kind} ${variant} ${b}`).toEqual(expected);
            expect(expanded.frameCount).toBe(bones && animation.frameCount ? Math.max(0, ...expected) + 1 : 0);
          }
          checked++;
        }
        // Through the parse: a bone's track has one key when nothing moves it after frame 0, else
        // a key per frame up to its last storing frame and one more at the last frame when it holds.
        for (const b of BACKENDS) {
          const asset = unigineFormat.parseSync(bytes, { kernels: kernels[b] });
          const doc = readUnigine(bytes);
          const last = reference(doc.animations[0]!.flags, doc.animations[0]!.boneIndices.length);
          const counts = asset.animations[0]!.tracks.map((t) => t.times.length);
          expect(counts, `${frames} frames ${kind} ${b}`).toEqual(last.map((f) => (f === 0 ? 1 : f === frames - 1 ? frames : f + 2)));
        }
      }
    }
    expect(checked).toBe(36);
  });

  it('a bone with no frames after the first, and an animation of no frames, on every backend', () => {
    const bytes = unigineFormat.encodeSync(animated(4, ['still', 'still'], 1), { kind: 'anim' });
    const doc = readUnigine(bytes);
    for (const b of BACKENDS) expect(Array.from(expandAnimation(kernels[b], doc.animations[0]!, doc.bindPose).lastStoredFrame)).toEqual([0, 0]);
    const none = { ...doc.animations[0]!, frameCount: 0, flags: new Uint8Array(0) };
    for (const b of BACKENDS) {
      const expanded = expandAnimation(kernels[b], none as never, doc.bindPose);
      expect([Array.from(expanded.lastStoredFrame), expanded.frameCount]).toEqual([[0, 0], 0]);
    }
  });
});
