import { describe, expect, it } from 'vitest';
import { detectFormat, emptyAsset, summarizeAsset, type Asset } from '../bindings/index.js';
import { assetToMs2, isMs2, ms2Format, ms2ToAsset, MS2_FORMAT, readMs2, unityPositionBounds, unityUvBounds, writeMs2, type Ms2Document } from '../bindings/formats/ms2/index.js';
import { iqmFormat } from '../bindings/formats/iqm/index.js';
import { unigineFormat } from '../bindings/formats/unigine/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { allKernels, BACKENDS, floatBits } from './helpers/backends.js';
import { corpusAvailable, corpusPath, readCorpus } from './helpers/corpus.js';
import { readFileSync } from 'node:fs';
import { refusal } from './helpers/refusal.js';

const kernels = allKernels();


function smallDocument(): Ms2Document {
  return {
    format: MS2_FORMAT.positions | MS2_FORMAT.normals | MS2_FORMAT.tangents | MS2_FORMAT.uvs,
    vertexCount: 3,
    triangleCount: 1,
    positionBounds: Float32Array.of(-1, 1, 0, 2, -0.5, 0.5),
    positions: Uint16Array.of(0, 0, 0, 65535, 0, 32768, 0, 65535, 65535),
    normals: Uint8Array.of(128, 255, 128, 128, 255, 128, 1, 128, 128),
    tangents: Uint8Array.of(255, 128, 128, 255, 255, 128, 128, 1, 128, 128, 255, 255),
    uvBounds: Float32Array.of(0, 1, 0, 1),
    uvs: Uint16Array.of(0, 0, 65535, 0, 0, 65535),
    indices: Uint16Array.of(0, 1, 2),
  };
}

describe.skipIf(!corpusAvailable)('MeshSerializer2 corpus: SerializedMesh.data', () => {
  const bytes = corpusAvailable ? readCorpus('ms2', 'SerializedMesh.data') : new Uint8Array();

  it('reads the header, bounds and arrays, and re-encodes byte for byte', () => {
    const d = readMs2(bytes);
    expect([d.format, d.vertexCount, d.triangleCount]).toEqual([11, 3338, 3534]);
    expect([d.normals?.length, d.tangents, d.uvs?.length, d.indices.length]).toEqual([3338 * 3, undefined, 3338 * 2, 3534 * 3]);
    expect(writeMs2(d)).toEqual(bytes);
    expect(ms2Format.rewriteSync!(bytes)).toEqual(bytes);
  });

  it('reads from a Node Buffer (whose slice() is a view) into arrays of its own', () => {
    const buffer = readFileSync(corpusPath('ms2', 'SerializedMesh.data'));
    const d = readMs2(buffer);
    expect(d.positionBounds!.buffer.byteLength).toBe(24);
    expect(d.normals!.buffer).not.toBe(buffer.buffer);
    expect(writeMs2(d)).toEqual(bytes);
  });

  it('is detected by its exact size, and by nothing else', () => {
    expect(isMs2(bytes)).toBe(true);
    expect(detectFormat(bytes, 'x.bin')?.name).toBe('ms2');
    expect(isMs2(bytes.subarray(0, bytes.length - 1))).toBe(false);
    const longer = new Uint8Array(bytes.length + 1);
    longer.set(bytes);
    expect(isMs2(longer)).toBe(false);
    expect(detectFormat(longer, 'x.bin')).toBeUndefined();
    expect(detectFormat(longer, 'x.bytes')?.name).toBe('ms2');
    expect(refusal(() => ms2Format.parseSync(longer)).code).toBe('TRAILING_DATA');
  });

  it('converts to the same Asset on every backend, and back to the same bytes (round, tight bounds)', () => {
    const assets = BACKENDS.map((b) => ms2Format.parseSync(bytes, { kernels: kernels[b] }));
    for (const a of assets) {
      expect(summarizeAsset(a)).toMatchObject({ meshes: 1, vertices: 3338, triangles: 3534 });
      expect(floatBits(a.meshes[0]!.attributes.positions)).toEqual(floatBits(assets[0]!.meshes[0]!.attributes.positions));
      expect(floatBits(a.meshes[0]!.attributes.normals!)).toEqual(floatBits(assets[0]!.meshes[0]!.attributes.normals!));
      expect(a.meshes[0]!.indices).toEqual(assets[0]!.meshes[0]!.indices);
      expect(ms2Format.encodeSync(a, { kernels: kernels.js })).toEqual(bytes);
    }
    expect(assets[0]!.warnings).toEqual([]);
  });

  it('Unity mode (truncate + unity bounds) gives the stored bounds back', () => {
    const asset = ms2Format.parseSync(bytes);
    const d = readMs2(bytes);
    const back = assetToMs2(asset, { bounds: 'unity', quantize: 'truncate' });
    expect(back.positionBounds).toEqual(d.positionBounds);
    expect(back.uvBounds).toEqual(d.uvBounds);
    // Truncating values decoded from q lands on q - 1 wherever the float32 decode fell short.
    let off = 0;
    for (let i = 0; i < d.positions.length; i++) if (back.positions[i] !== d.positions[i]) { off++; expect(d.positions[i]! - back.positions[i]!).toBe(1); }
    expect(off).toBeGreaterThan(0);
  });

  it('converts to UNIGINE and IQM and back with the counts kept', () => {
    const asset = ms2Format.parseSync(bytes);
    for (const format of [unigineFormat, iqmFormat]) {
      const other = format.parseSync(format.encodeSync(ms2Format.parseSync(bytes)));
      expect(summarizeAsset(other)).toMatchObject({ vertices: 3338, triangles: 3534 });
      const again = readMs2(ms2Format.encodeSync(other));
      expect([again.vertexCount, again.triangleCount, again.format]).toEqual([3338, 3534, 11 | (other.meshes[0]!.attributes.tangents ? 4 : 0)]);
    }
    expect(asset.upAxis).toBe('y');
  });
});

describe('MeshSerializer2 document and conversion', () => {
  it('writes and reads a small document with every array', () => {
    const d = smallDocument();
    const bytes = writeMs2(d);
    expect(bytes.length).toBe(5 + 24 + 18 + 9 + 12 + 16 + 12 + 6);
    expect(isMs2(bytes)).toBe(true);
    expect(readMs2(bytes)).toEqual(d);
  });

  it('mirrors x and flips winding and tangent w into the right-handed Asset', () => {
    const asset = ms2ToAsset(readMs2(writeMs2(smallDocument())), { kernels: kernels.js });
    const m = asset.meshes[0]!;
    expect(Array.from(m.attributes.positions.subarray(0, 3))).toEqual([1, 0, -0.5]);
    expect(Array.from(m.attributes.normals!.subarray(0, 3))).toEqual([-0, 1, 0]);
    expect(Array.from(m.attributes.tangents!.subarray(0, 4))).toEqual([-1, 0, 0, -1]);
    expect(Array.from(m.indices)).toEqual([0, 2, 1]);
    expect(m.indices).toBeInstanceOf(Uint8Array);
  });

  it('an empty mesh has no bounds', () => {
    const bytes = writeMs2({ format: 1 | 8, vertexCount: 0, triangleCount: 0, positions: new Uint16Array(0), uvs: new Uint16Array(0), indices: new Uint16Array(0) });
    expect(Array.from(bytes)).toEqual([0, 0, 0, 0, 9]);
    expect(summarizeAsset(ms2Format.parseSync(bytes))).toMatchObject({ vertices: 0, triangles: 0 });
  });

  it('refuses bad format bytes, short arrays, out-of-range indices, with the offset', () => {
    const bytes = writeMs2(smallDocument());
    for (const format of [0, 2, 16, 255]) {
      const bad = bytes.slice();
      bad[4] = format;
      expect(refusal(() => readMs2(bad))).toMatchObject({ code: 'BAD_VALUE', offset: 4 });
    }
    // A set bit whose array is not there.
    const noUvs = writeMs2({ ...smallDocument(), format: 7, uvBounds: undefined, uvs: undefined } as Ms2Document);
    const claimsUvs = noUvs.slice();
    claimsUvs[4] = 15;
    expect(refusal(() => readMs2(claimsUvs))).toMatchObject({ code: 'BAD_COUNT', offset: noUvs.length - 6 });
    const badIndex = bytes.slice();
    badIndex[bytes.length - 2] = 3;
    expect(refusal(() => readMs2(badIndex))).toMatchObject({ code: 'BAD_INDEX', offset: bytes.length - 2 });
    const hugeCount = bytes.slice();
    hugeCount[0] = 0xff; hugeCount[1] = 0xff;
    expect(refusal(() => readMs2(hugeCount)).code).toBe('BAD_COUNT');
  });

  it('reads counts above the original reader’s 64000 with a warning', () => {
    const n = 64001;
    const d: Ms2Document = { format: 1, vertexCount: n, triangleCount: 1, positionBounds: Float32Array.of(0, 1, 0, 1, 0, 1), positions: new Uint16Array(n * 3), indices: Uint16Array.of(0, 1, 64000) };
    const asset = ms2Format.parseSync(writeMs2(d));
    expect(asset.warnings.join()).toContain('64000');
    expect(ms2Format.describe!(writeMs2(d))).toMatchObject({ aboveUnityReaderLimit: true });
  });

  it('refuses to write more than 65535 vertices or triangles', () => {
    const positions = new Float32Array(65536 * 3);
    const asset: Asset = { source: 't', meshes: [{ name: 'big', attributes: { positions }, indices: new Uint32Array(3) }], animations: [], warnings: [] };
    expect(refusal(() => ms2Format.encodeSync(asset))).toMatchObject({ code: 'BAD_COUNT', format: 'asset', path: 'meshes' });
    expect(refusal(() => writeMs2({ ...smallDocument(), vertexCount: 70000 })).code).toBe('BAD_COUNT');
  });

  it('writes the tube: round + tight by default, Unity bounds on request, the same bytes on every backend', () => {
    const outputs = BACKENDS.map((b) => ms2Format.encodeSync(tubeAsset(), { kernels: kernels[b] }));
    for (const o of outputs) expect(o).toEqual(outputs[0]);
    const asset = tubeAsset();
    const d = readMs2(ms2Format.encodeSync(asset));
    expect(d.format).toBe(15);
    expect(asset.warnings.some((w) => w.includes('skeleton'))).toBe(true);
    const back = ms2ToAsset(d);
    const original = tubeAsset().meshes[0]!.attributes.positions;
    let worst = 0;
    for (let i = 0; i < original.length; i++) worst = Math.max(worst, Math.abs(back.meshes[0]!.attributes.positions[i]! - original[i]!));
    expect(worst).toBeLessThanOrEqual(2 / 65535); // half a step of a 2-unit range, plus float error
    const unity = assetToMs2(tubeAsset(), { bounds: 'unity', quantize: 'truncate' });
    expect(unity.positionBounds![2]).toBeCloseTo(-0.0005, 6); // the tube's first vertex has y = 0, its lowest
  });

  it('Unity bounds follow Bounds(first, 0.001).Encapsulate (center and extents in float32) and the UV rule', () => {
    const b = unityPositionBounds(Float32Array.of(0, 0, 0, 5, -5, 0.0001));
    expect([b[1], b[2]]).toEqual([5, -5]);
    // min and max come back from center ± extents, so the padding drifts off ±0.0005 by float32 steps.
    expect(b[0]).toBeCloseTo(-0.0005, 6);
    expect(b[0]).not.toBe(Math.fround(-0.0005));
    expect(b[3]).toBeCloseTo(0.0005, 6);
    expect(Array.from(unityPositionBounds(Float32Array.of(1, 2, 3))).map((v) => v.toFixed(6))).toEqual(['0.999500', '1.000500', '1.999500', '2.000500', '2.999500', '3.000500']);
    expect(Array.from(unityUvBounds(Float32Array.of(0.5, 0.5, 0.25, 0.9)))).toEqual([0.25, Math.fround(Math.fround(0.5) + Math.fround(0.001)), Math.fround(Math.fround(0.5) - Math.fround(0.001)), Math.fround(0.9)]);
  });
});

describe('positions whose extent passes float32 are refused, not quantized to NaN', () => {
  it('x from −3e38 to 3e38: BAD_VALUE naming the positions, on every backend', () => {
    for (const backend of BACKENDS) {
      const asset = emptyAsset('test');
      asset.meshes.push({ name: 'm', attributes: { positions: Float32Array.of(3e38, 0, 0, -3e38, 1, 0, 0, 2, 0) }, indices: Uint8Array.of(0, 1, 2) });
      expect(() => ms2Format.encodeSync(asset, { kernels: kernels[backend] })).toThrow(expect.objectContaining({ code: 'BAD_VALUE', format: 'asset', path: 'meshes.attributes.positions' }));
    }
  });
});
