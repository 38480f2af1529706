/**
 * The bound that `quantize.translation` (EXT_meshopt_compression's EXPONENTIAL filter, one exponent
 * per animation, path and component) states: each translation / scale value within one step,
 * 2^(E + 1 − bits), of its own, where 2^E is the power of two above the animation's largest
 * magnitude of that path and component (a channel left out: its joint's rest value within half a
 * step). Rotations and key times exactly equal.
 */
import { expect } from 'vitest';
import type { Asset } from '../../bindings/index.js';

/** A channel left out (within half a step of its rest value) comes back as the joint's rest value. */
export function expectWithinExponentialBound(backAsset: Asset, referenceAsset: Asset, bits: number): void {
  const back = backAsset.animations;
  const reference = referenceAsset.animations;
  const joints = backAsset.skeleton?.joints ?? [];
  expect(back.length).toBe(reference.length);
  for (let a = 0; a < reference.length; a++) {
    const ref = reference[a]!;
    const got = back[a]!;
    expect({ ...got, tracks: [] }).toEqual({ ...ref, tracks: [] });
    expect(got.tracks.map((t) => [t.joint, t.times, t.rotation])).toEqual(ref.tracks.map((t) => [t.joint, t.times, t.rotation]));
    for (const path of ['translation', 'scale'] as const) {
      for (let c = 0; c < 3; c++) {
        let largest = 0;
        for (const t of ref.tracks) for (let i = c; i < (t[path]?.length ?? 0); i += 3) largest = Math.max(largest, Math.abs(t[path]![i]!));
        const step = largest > 0 ? 2 ** (Math.floor(Math.log2(largest)) + 1 + 1 - bits) : 0;
        ref.tracks.forEach((t, k) => {
          const rest = joints[t.joint]?.[path];
          const mine = got.tracks[k]![path] ?? (t[path] && rest ? Float32Array.from({ length: t[path]!.length }, (_, i) => rest[i % 3]!) : undefined);
          expect(mine === undefined).toBe(t[path] === undefined);
          if (!t[path]) return;
          for (let i = c; i < t[path]!.length; i += 3) {
            const error = Math.abs(mine![i]! - t[path]![i]!);
            if (!(error <= step)) expect.fail(`animation ${ref.name} joint ${t.joint} ${path}[${i}]: ${mine![i]} is ${error} from ${t[path]![i]}, more than the step ${step}`);
          }
        });
      }
    }
  }
}
