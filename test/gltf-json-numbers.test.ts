// glTF JSON numbers (json-numbers.ts): float32 values printed with their shortest round-trip
// digits, on every backend; the file stays valid and reads back within the stated bounds.
import { describe, expect, it } from 'vitest';
import { glbFormat, gltf, type Asset, type Kernels } from '../bindings/index.js';
import { shortenJsonNumbers, shortFloat32 } from '../bindings/formats/gltf/json-numbers.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';
import { validateGltf } from './helpers/gltf-validator.js';

const kernelsOf = allKernels();

/** Significant digits of a number as JSON.stringify prints it. */
function digits(value: number): number {
  const mantissa = JSON.stringify(Math.abs(value)).replace(/e.*$/, '').replace('.', '').replace(/^0+/, '');
  return mantissa.length;
}

/** Every number in `json`, with its path, outside `extras`. */
function numbersOf(json: unknown, path = '', out: [string, number][] = []): [string, number][] {
  if (typeof json === 'number') out.push([path, json]);
  else if (Array.isArray(json)) json.forEach((v, i) => numbersOf(v, `${path}[${i}]`, out));
  else if (json !== null && typeof json === 'object') for (const [k, v] of Object.entries(json)) if (k !== 'extras') numbersOf(v, `${path}.${k}`, out);
  return out;
}

describe('shortFloat32', () => {
  it('reads back to the same float32 with at most 9 significant digits, for 100,000 random float32 values over 80 binades', () => {
    const next = rng(5);
    const bits = new Uint32Array(1);
    const f32 = new Float32Array(bits.buffer);
    let shorter = 0;
    let fractions = 0;
    for (let i = 0; i < 100_000; i++) {
      const value = Math.fround((next() * 2 - 1) * 2 ** Math.floor(next() * 80 - 40));
      f32[0] = value;
      const short = shortFloat32(value);
      expect(Math.fround(short)).toBe(value);
      // Integers are left as they are (glTF's counts and offsets must stay integers).
      if (Number.isInteger(value)) continue;
      fractions++;
      expect(digits(short)).toBeLessThanOrEqual(9);
      if (JSON.stringify(short).length < JSON.stringify(value).length) shorter++;
    }
    // Almost every float32 held in a float64 prints with more digits than it needs.
    expect(shorter).toBeGreaterThan(fractions * 0.95);
  });

  it('leaves integers, non-float32 values and values that are already short as they are', () => {
    for (const v of [0, -0, 1, -7, 65535, 2 ** 40, 0.1, 1 / 3, 0.5, -0.25, 1.5e-7 + 1e-20]) {
      if (Number.isInteger(v) || Math.fround(v) !== v) expect(Object.is(shortFloat32(v), v)).toBe(true);
    }
    expect(shortFloat32(Math.fround(0.1))).toBe(0.1);
    expect(shortFloat32(0.5)).toBe(0.5);
    expect(shortFloat32(Math.fround(-0.500056))).toBe(-0.500056);
  });

  it("a mesh node's translation and scale (the dequantization) keep the float32's 9 digits; other nodes the shortest", () => {
    const json = { nodes: [{ mesh: 0, translation: [Math.fround(0.1), 0, 0], scale: [Math.fround(1000 / 16383), 1, 1] }, { translation: [Math.fround(0.1), 0, 0] }] };
    shortenJsonNumbers(json);
    expect(json.nodes[0]!.scale![0]).toBe(0.0610388815);
    expect(json.nodes[0]!.translation[0]).toBe(0.100000001);
    expect(json.nodes[1]!.translation[0]).toBe(0.1);
  });

  it('walks objects and arrays, not extras', () => {
    const json = { nodes: [{ translation: [Math.fround(0.1), 2, Math.fround(1 / 3)] }], extras: { rate: Math.fround(0.1) }, meshes: [{ extras: { x: [Math.fround(0.2)] } }] };
    shortenJsonNumbers(json);
    expect(json.nodes[0]!.translation).toEqual([0.1, 2, 0.33333334]);
    expect(json.extras.rate).toBe(Math.fround(0.1));
    expect(json.meshes[0]!.extras.x[0]).toBe(Math.fround(0.2));
  });
});

/** The tube without its skin, moved off the origin (node translations and scales of many digits). */
function staticTube(): Asset {
  const tube = tubeAsset();
  const mesh = tube.meshes[0]!;
  const { joints: _j, weights: _w, ...attributes } = mesh.attributes;
  const positions = attributes.positions.map((v, i) => v * 0.731 + [100.3, -3.17, 0.5123][i % 3]!);
  return { source: 'test', upAxis: 'y', meshes: [{ ...mesh, attributes: { ...attributes, positions } }], animations: [], warnings: [] };
}

describe.each(BACKENDS)('glTF JSON numbers on %s', (backend) => {
  const kernels: Kernels = kernelsOf[backend];

  it('a square of ±500 at 14 bits comes back exactly through meshcodec\'s float64 reading of the node scale', () => {
    const positions = Float32Array.of(-500, 0, -500, 500, 0, -500, 500, 0, 500, -500, 0, 500);
    const asset: Asset = { source: 'test', upAxis: 'y', meshes: [{ name: 'plane', attributes: { positions }, indices: Uint8Array.of(0, 2, 1, 0, 3, 2) }], animations: [], warnings: [] };
    const back = glbFormat.parseSync(glbFormat.encodeSync(asset, { kernels, quantize: { position: 14 } }), { kernels }).meshes[0]!.attributes.positions;
    expect(Array.from(back)).toEqual(Array.from(positions));
  });

  for (const [label, options] of [
    ['plain', {}],
    ['quantized', { quantize: true }],
    ['optimized', { quantize: true, compress: 'meshopt' }],
  ] as const) {
    it(`${label}: every JSON number has at most 9 significant digits; 0 validator errors; positions within the stated bound`, async () => {
      if (label === 'optimized') await gltf.initMeshopt();
      for (const make of [staticTube, tubeAsset]) {
        const source = make();
        const bytes = glbFormat.encodeSync(make(), { kernels, ...options });
        expect((await validateGltf(bytes)).errors).toBe(0);
        const json = gltf.readGltfInput(bytes).json;
        const numbers = numbersOf(json);
        expect(numbers.filter(([, v]) => digits(v) > 9)).toEqual([]);
        // Not vacuous: float positions' min/max, or a static mesh's dequantization in its node.
        expect(numbers.some(([path, v]) => (label === 'plain' || make === tubeAsset || path.startsWith('.nodes')) && !Number.isInteger(v))).toBe(true);
        const back = glbFormat.parseSync(bytes, { kernels });
        const a = source.meshes[0]!.attributes.positions;
        const b = back.meshes[0]!.attributes.positions;
        if (label === 'plain') expect(b).toEqual(a);
        else if (label === 'quantized') {
          // step / 2 (1 / 131,070 of the largest extent), plus float32 rounding of the decoded coordinates.
          let extent = 0;
          for (let c = 0; c < 3; c++) {
            let lo = Infinity, hi = -Infinity;
            for (let i = c; i < a.length; i += 3) { lo = Math.min(lo, a[i]!); hi = Math.max(hi, a[i]!); }
            extent = Math.max(extent, hi - lo);
          }
          let worst = 0;
          for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
          expect(worst).toBeLessThanOrEqual(Math.fround(extent / 65535) / 2 + 2 ** -23 * 101);
        }
      }
    });
  }
});
