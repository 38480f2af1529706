// MeshSerializer2 encode after the issue-22 writer work: the finite check (a branch-free scan,
// then the first bad index) and the sign-bit negation keep what the slower forms gave.
import { describe, expect, it } from 'vitest';
import { emptyAsset } from '../bindings/index.js';
import { ms2Format } from '../bindings/formats/ms2/index.js';
import { negateEvery } from '../bindings/formats/ms2/unity-handedness.js';
import { allKernels, BACKENDS, EDGE_FLOATS, floatBits, NAN_BITS } from './helpers/backends.js';

const kernels = allKernels();

describe('ms2 finite check names the first value that is not finite', () => {
  for (const [label, bad] of [['NaN', NaN], ['Infinity', Infinity], ['-Infinity', -Infinity]] as const) {
    it(`${label} at positions[7] of the second mesh, uv at [3], on every backend`, () => {
      for (const backend of BACKENDS) {
        const asset = emptyAsset('test');
        const positions = () => Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0);
        asset.meshes.push({ name: 'mesh', attributes: { positions: positions() }, indices: Uint16Array.of(0, 1, 2) });
        const second = positions();
        second[7] = bad;
        asset.meshes.push({ name: 'mesh', attributes: { positions: second }, indices: Uint16Array.of(0, 1, 2) });
        expect(() => ms2Format.encodeSync(asset, { kernels: kernels[backend] })).toThrow(expect.objectContaining({ code: 'BAD_VALUE', format: 'asset', path: 'meshes[1].attributes.positions[7]' }));
        second[7] = 0;
        for (const m of asset.meshes) m.attributes.uvs = [Float32Array.of(0, 0, 1, 0, 0, 1)];
        asset.meshes[0]!.attributes.uvs![0]![3] = bad;
        expect(() => ms2Format.encodeSync(asset, { kernels: kernels[backend] })).toThrow(expect.objectContaining({ code: 'BAD_VALUE', path: 'meshes[0].attributes.uvs[0][3]' }));
      }
    });
  }
});

describe('negateEvery flips exactly the sign bit of the chosen component', () => {
  it('edge values and NaN payloads, strides 3 and 4, on a view with an offset', () => {
    const payloads = new Float32Array(new Uint32Array(NAN_BITS).buffer);
    const values = Float32Array.from([...EDGE_FLOATS, ...payloads, 7]);
    for (const [stride, component] of [[3, 0], [4, 0], [4, 3]] as const) {
      const backing = new Float32Array(values.length + 1);
      const view = backing.subarray(1);
      view.set(values);
      negateEvery(view, stride, component);
      const before = floatBits(values);
      const after = floatBits(view);
      for (let i = 0; i < values.length; i++) expect(after[i], `${stride}/${component} [${i}]`).toBe(i % stride === component ? (before[i]! ^ 0x80000000) >>> 0 : before[i]);
      expect(backing[0]).toBe(0);
    }
  });
});
