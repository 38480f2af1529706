// MeshSerializer2 encode after the issue-22 writer work: the finite check (a branch-free scan,
// then the first bad index), the sign-bit negation, and x mirrored inside the encoders
// (quantizeUnorm16Signs, encodeSnorm8Signs: kernels and twins) keep what the slower forms gave.
import { describe, expect, it } from 'vitest';
import { emptyAsset } from '../bindings/index.js';
import { ms2Format, MS2_FORMAT, readMs2, tightBounds, writeMs2 } from '../bindings/formats/ms2/index.js';
import { negateEvery } from '../bindings/formats/ms2/unity-handedness.js';
import { allKernels, BACKENDS, EDGE_FLOATS, floatBits, NAN_BITS, rng } from './helpers/backends.js';

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

describe('quantizeUnorm16Signs and encodeSnorm8Signs: every backend gives the plain kernel of the sign-flipped values', () => {
  const SIGN_SETS = [[0x80000000, 0, 0, 0], [0x80000000, 0, 0, 0x80000000], [0x80000000, 0x80000000, 0x80000000, 0x80000000], [0, 0, 0, 0], [0x00400001, 0x80000000, 0x7f800000, 1]].map((s) => Uint32Array.from(s));
  const payloads = new Float32Array(new Uint32Array(NAN_BITS).buffer);
  /** Edge values (±0, ±Infinity, NaN payloads, ±1 and beyond) and mixed ones, `length` in all. */
  const values = (length: number, seed: number) => {
    const edges = Float32Array.from([...EDGE_FLOATS, ...payloads]);
    const next = rng(seed);
    return Float32Array.from({ length }, (_, i) => (i % 3 === 0 ? edges[(i / 3) % edges.length]! : Math.fround(next() * 4 - 2)));
  };
  const flipped = (src: Float32Array, components: number, signs: Uint32Array) => {
    const bits = Uint32Array.from(floatBits(src), (b, i) => (b ^ signs[i % components]!) >>> 0);
    return new Float32Array(bits.buffer);
  };

  it('quantizeUnorm16Signs: 1–4 components, lengths around the 24-value step, both rounding modes', () => {
    for (let components = 1; components <= 4; components++) {
      const min = Float32Array.from([-2, 0.5, -0, -1].slice(0, components));
      const size = Float32Array.from([4, 1.5, 3, 2].slice(0, components));
      for (const length of [0, 1, 23, 24, 25, 47, 48, 49, 300].map((n) => n * components)) {
        const src = values(length, length + components);
        for (const signs of SIGN_SETS) {
          for (const round of [true, false]) {
            const expected = new Uint16Array(length);
            kernels.js.raw.quantizeUnorm16(flipped(src, components, signs), components, min, size, round, expected);
            for (const backend of BACKENDS) {
              const dst = new Uint16Array(length).fill(7);
              kernels[backend].raw.quantizeUnorm16Signs(src, components, min, size, signs.subarray(0, components), round, dst);
              expect(Array.from(dst), `${backend} ${components} ${length} ${signs} ${round}`).toEqual(Array.from(expected));
            }
          }
        }
      }
    }
  });

  it('encodeSnorm8Signs: 1–4 components, lengths around the 48-value step', () => {
    for (let components = 1; components <= 4; components++) {
      for (const length of [0, 1, 15, 16, 47, 48, 49, 96, 301].map((n) => n * components)) {
        const src = values(length, 3 * length + components);
        for (const signs of SIGN_SETS) {
          const expected = new Uint8Array(length);
          kernels.js.raw.encodeSnorm8(flipped(src, components, signs), expected);
          for (const backend of BACKENDS) {
            const dst = new Uint8Array(length).fill(7);
            kernels[backend].raw.encodeSnorm8Signs(src, components, signs.subarray(0, components), dst);
            expect(Array.from(dst), `${backend} ${components} ${length} ${signs}`).toEqual(Array.from(expected));
          }
        }
      }
    }
  });
});

describe('ms2 encode mirrors x inside the encoders: the document a negation pass gives', () => {
  /** The reference: positions, normals and tangents negated first, then the plain bounds and js kernels. */
  function reference(asset: ReturnType<typeof emptyAsset>): Uint8Array {
    const m = asset.meshes[0]!;
    const negated = (values: Float32Array, stride: number, components: number[]) => {
      const out = values.slice();
      for (const c of components) for (let i = c; i < out.length; i += stride) out[i] = -out[i]!;
      return out;
    };
    const positions = negated(m.attributes.positions, 3, [0]);
    const n = positions.length / 3;
    const positionBounds = tightBounds(positions, 3);
    const q = (values: Float32Array, components: number, bounds: Float32Array) => {
      const min = Float32Array.from({ length: components }, (_, c) => bounds[2 * c]!);
      const size = Float32Array.from({ length: components }, (_, c) => Math.fround(bounds[2 * c + 1]! - bounds[2 * c]!));
      const out = new Uint16Array(values.length);
      kernels.js.raw.quantizeUnorm16(values, components, min, size, true, out);
      return out;
    };
    const snorm8 = (values: Float32Array) => {
      const out = new Uint8Array(values.length);
      kernels.js.raw.encodeSnorm8(values, out);
      return out;
    };
    const uvs = m.attributes.uvs![0]!;
    const uvBounds = tightBounds(uvs, 2);
    const indices = Uint16Array.from(m.indices);
    for (let i = 0; i < indices.length; i += 3) [indices[i + 1], indices[i + 2]] = [indices[i + 2]!, indices[i + 1]!];
    return writeMs2({
      format: MS2_FORMAT.positions | MS2_FORMAT.normals | MS2_FORMAT.tangents | MS2_FORMAT.uvs,
      vertexCount: n,
      triangleCount: indices.length / 3,
      positionBounds,
      positions: q(positions, 3, positionBounds),
      normals: snorm8(negated(m.attributes.normals!, 3, [0])),
      tangents: snorm8(negated(m.attributes.tangents!, 4, [0, 3])),
      uvBounds,
      uvs: q(uvs, 2, uvBounds),
      indices,
    });
  }

  for (const [label, xs] of [
    ['zeros of both signs at the x extremes', [0, -0, 0, -0, -0, 0, 0.25, -0.25, 0]],
    ['x all −0', [-0, -0, -0, -0, -0, -0, -0, -0, -0]],
    ['x all +0', [0, 0, 0, 0, 0, 0, 0, 0, 0]],
    ['mixed', [3, -7.5, 1e-30, -1e-30, 65504, -2, 2, 0.5, -0]],
  ] as const) {
    it(`${label}, on every backend`, () => {
      const n = 9 * 4; // past one SIMD step of every kernel
      const make = () => {
        const next = rng(xs.length + label.length);
        const asset = emptyAsset('mirror');
        const positions = Float32Array.from({ length: n * 3 }, (_, i) => (i % 3 === 0 ? xs[(i / 3) % xs.length]! : Math.fround(next() * 2 - 1)));
        const unit = () => Float32Array.from({ length: n * 3 }, () => Math.fround(next() * 2 - 1));
        const tangents = Float32Array.from({ length: n * 4 }, (_, i) => (i % 4 === 3 ? (i % 8 === 3 ? 1 : -1) : Math.fround(next() * 2 - 1)));
        tangents[3] = -0;
        const uvs = Float32Array.from({ length: n * 2 }, () => Math.fround(next()));
        const indices = Uint16Array.from({ length: n }, (_, i) => (i * 7) % n);
        asset.meshes.push({ name: 'mesh', attributes: { positions, normals: unit(), tangents, uvs: [uvs] }, indices });
        return asset;
      };
      const expected = reference(make());
      for (const backend of BACKENDS) {
        const got = ms2Format.encodeSync(make(), { kernels: kernels[backend] });
        const [dg, de] = [readMs2(got), readMs2(expected)] as unknown as Record<string, unknown>[];
        for (const key of Object.keys(de!)) expect(dg![key], `${backend} ${key}`).toEqual(de![key]);
        expect(Buffer.compare(got, expected), backend).toBe(0);
      }
    });
  }
});

describe('firstNonFiniteF32: every backend finds the first NaN or infinity', () => {
  it('lengths 0–40 around the 16-value step, each kind of bad value at each place, a second one after it', () => {
    const payloads = new Float32Array(new Uint32Array(NAN_BITS).buffer);
    const bads = [Infinity, -Infinity, ...payloads];
    for (let n = 0; n <= 40; n++) {
      const clean = Float32Array.from({ length: n }, (_, i) => (i % 5 === 0 ? 3.4028234663852886e38 : i % 5 === 1 ? -0 : i - 20.5));
      for (const backend of BACKENDS) expect(kernels[backend].raw.firstNonFiniteF32(clean), `${backend} ${n}`).toBe(-1);
      for (let at = 0; at < n; at++) {
        const values = clean.slice();
        const bits = new Uint32Array(values.buffer);
        const bad = new Float32Array([bads[(at + n) % bads.length]!]);
        bits[at] = new Uint32Array(bad.buffer)[0]!;
        if (at + 3 < n) values[at + 3] = NaN;
        for (const backend of BACKENDS) expect(kernels[backend].raw.firstNonFiniteF32(values), `${backend} ${n} ${at}`).toBe(at);
      }
    }
  });
});

describe('ms2 refusals after the check moved onto the gathered arrays', () => {
  const triangle = () => Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0);
  const uv = () => Float32Array.of(0, 0, 1, 0, 0, 1);
  const twoMeshes = () => {
    const asset = emptyAsset('test');
    for (let m = 0; m < 2; m++) asset.meshes.push({ name: 'mesh', attributes: { positions: triangle(), uvs: [uv()] }, indices: Uint16Array.of(0, 1, 2) });
    return asset;
  };

  it('a mesh’s positions, then its UVs, then the next mesh: the first bad value in that order, on every backend', () => {
    for (const backend of BACKENDS) {
      const a = twoMeshes();
      a.meshes[0]!.attributes.uvs![0]![5] = NaN;
      a.meshes[1]!.attributes.positions[0] = Infinity;
      expect(() => ms2Format.encodeSync(a, { kernels: kernels[backend] })).toThrow(expect.objectContaining({ path: 'meshes[0].attributes.uvs[0][5]' }));
      const b = twoMeshes();
      b.meshes[0]!.attributes.uvs![0]![0] = NaN;
      b.meshes[0]!.attributes.positions[8] = NaN;
      expect(() => ms2Format.encodeSync(b, { kernels: kernels[backend] })).toThrow(expect.objectContaining({ path: 'meshes[0].attributes.positions[8]' }));
      const c = twoMeshes();
      c.meshes[1]!.attributes.uvs![0]![1] = -Infinity;
      expect(() => ms2Format.encodeSync(c, { kernels: kernels[backend] })).toThrow(expect.objectContaining({ path: 'meshes[1].attributes.uvs[0][1]' }));
    }
  });

  it('a refused Asset gets only the warnings made before the check (no skeleton or axis warning)', () => {
    for (const backend of BACKENDS) {
      const a = twoMeshes();
      a.upAxis = 'z';
      a.animations.push({ name: 'idle', frameRate: 30, frameCount: 0, tracks: [] });
      a.meshes[1]!.attributes.positions[4] = NaN;
      expect(() => ms2Format.encodeSync(a, { kernels: kernels[backend] })).toThrow(expect.objectContaining({ code: 'BAD_VALUE', path: 'meshes[1].attributes.positions[4]' }));
      expect(a.warnings).toEqual(['ms2 holds one mesh: 2 meshes were merged into one']);
    }
  });
});
