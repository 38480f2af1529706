// The plain writer's POSITION min and max come from the positions pass (vertex-passes.ts, the
// positionsOnAxes kernel), which boxes the positions as it writes them: the builder is given that
// box and does not walk the positions a second time. The box must be what a walk over the
// written positions gives (glTF's validator checks min and max against the stored values).
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { glbFormat, iqmFormat, type Asset } from '../bindings/index.js';
import { GltfBuilder, type AccessorOptions, type ComponentArray } from '../bindings/formats/gltf/gltf-builder.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';

const MRFIXIT = '/usr/share/assimp/models/IQM/mrfixit.iqm';
const kernels = allKernels();

/** Two static meshes of random positions (one Z-up source, so the pass turns them), a NaN among them. */
function randomMeshes(seed: number): Asset {
  const next = rng(seed);
  const mesh = (name: string, n: number) => {
    const positions = Float32Array.from({ length: n * 3 }, () => (next() - 0.5) * 200);
    positions[4] = NaN;
    return { name, attributes: { positions }, indices: Uint16Array.from({ length: n - (n % 3) }, (_, i) => i) };
  };
  return { source: 'test', upAxis: 'z', meshes: [mesh('a', 301), mesh('b', 7)], animations: [], warnings: [] } as unknown as Asset;
}

function walkBox(array: Float32Array): { min: number[]; max: number[] } {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < array.length; i++) {
    const c = i % 3;
    if (array[i]! < min[c]!) min[c] = array[i]!;
    if (array[i]! > max[c]!) max[c] = array[i]!;
  }
  return { min, max };
}

const inputs: [string, () => Asset][] = [['random', () => randomMeshes(7)]];
if (existsSync(MRFIXIT)) inputs.push(['mrfixit.iqm', () => iqmFormat.parseSync(readFileSync(MRFIXIT))]);

afterEach(() => vi.restoreAllMocks());

describe('plain writer: POSITION bounds from the positions pass', () => {
  for (const backend of BACKENDS) {
    for (const [label, make] of inputs) {
      it(`gives the builder the pass's box, equal to a walk over the written positions (${label}, ${backend})`, () => {
        const seen: { array: ComponentArray; options: AccessorOptions }[] = [];
        const original = GltfBuilder.prototype.addAccessor;
        vi.spyOn(GltfBuilder.prototype, 'addAccessor').mockImplementation(function (this: GltfBuilder, array, type, options, group) {
          if (options?.bounds && options.target === 34962 && type === 'VEC3') seen.push({ array, options: { ...options, minMax: options.minMax && { min: [...options.minMax.min], max: [...options.minMax.max] } } });
          return original.call(this, array, type, options, group);
        });
        const asset = make();
        glbFormat.encodeSync(asset, { kernels: kernels[backend] });
        expect(seen.length).toBe(asset.meshes.length);
        for (const { array, options } of seen) {
          expect(options.minMax).toBeDefined();
          // As taken by the builder (the JSON's copies are shortened later), compared as JSON writes them (-0 and 0 print alike).
          expect(JSON.stringify(options.minMax)).toBe(JSON.stringify(walkBox(array as Float32Array)));
        }
      });
    }
  }
});
