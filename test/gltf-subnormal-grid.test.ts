// The quantized position grid of a box among float32's subnormals (the reviewer's case: extent
// 1e-40): its float32 step must still span the box, so that every position reads back within
// step / 2 (the bound README § glTF quantization states), not clamped at the top grid point.
import { describe, expect, it } from 'vitest';
import { emptyAsset, glbFormat, type Mesh } from '../bindings/index.js';
import { positionBox, positionGrid } from '../bindings/formats/gltf/quantize-attributes.js';
import { allKernels, BACKENDS } from './helpers/backends.js';

const kernels = allKernels();

describe('position grids of tiny boxes', () => {
  it('the float32 step spans the box for every extent from normal floats down to subnormals', () => {
    for (const extent of [1, 3e-20, 1e-33, 1e-38, 1e-40, 3e-42, 1e-44]) {
      for (const bits of [8, 14, 16] as const) {
        const x = Math.fround(extent);
        const grid = positionGrid(positionBox(Float32Array.of(0, 0, 0, x, 0, 0)), bits);
        expect(Math.fround(grid.step)).toBe(grid.step);
        expect(x - grid.step * (2 ** bits - 1), `extent ${extent}, ${bits} bits`).toBeLessThanOrEqual(grid.step / 2);
      }
    }
  });

  it.each(BACKENDS)('%s: positions of a box 1e-40 across read back within step / 2', (backend) => {
    const k = kernels[backend];
    const positions = Float32Array.of(0, 0, 0, 1e-40, 0, 0, 0, 1e-40, 1e-42);
    const asset = emptyAsset('tiny');
    asset.meshes.push({ name: 'm', attributes: { positions }, indices: Uint16Array.of(0, 1, 2) } as Mesh);
    const step = positionGrid(positionBox(positions), 16).step;
    const back = glbFormat.parseSync(glbFormat.encodeSync(asset, { kernels: k, quantize: true }), { kernels: k }).meshes[0]!.attributes.positions;
    for (let i = 0; i < positions.length; i++) expect(Math.abs(back[i]! - positions[i]!), `component ${i}`).toBeLessThanOrEqual(step / 2);
  });
});
