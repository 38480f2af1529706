// IQM NaN-payload reproducers from ../shared/hostile (copied to test/hostile/): every backend gives
// the same Asset bit for bit (NaN payloads included) and every backend's writer the same bytes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Asset } from '../bindings/index.js';
import { iqmFormat } from '../bindings/formats/iqm/index.js';
import { allKernels, BACKENDS, exactFloatBits } from './helpers/backends.js';

const kernels = allKernels();
const hostile = (name: string) => new Uint8Array(readFileSync(new URL(`./hostile/${name}`, import.meta.url)));

/** Every float array of an Asset as exact bits (NaN payloads kept), numbers as float32 bits. */
function exactBits(asset: Asset): unknown {
  const f32 = new Float32Array(1);
  const u32 = new Uint32Array(f32.buffer);
  return JSON.parse(JSON.stringify(asset, (_key, value) => {
    if (value instanceof Float32Array) return Array.from(exactFloatBits(value));
    if (ArrayBuffer.isView(value)) return { type: value.constructor.name, values: Array.from(value as Uint8Array) };
    if (typeof value === 'number' && Number.isNaN(value)) { f32[0] = value; return `NaN:${u32[0]!.toString(16)}`; }
    return value;
  }));
}

describe('IQM NaN payloads: the same Asset and the same written bytes on every backend', () => {
  for (const name of ['iqm-tangent-array-size5-signalling-nan__js-quiets-nan-backends-differ.iqm', 'iqm-raylib_guy-nan-payload-bytes__iqm-encode-differs-simd-vs-scalar-js.iqm']) {
    it(name, () => {
      const bytes = hostile(name);
      const assets = BACKENDS.map((b) => iqmFormat.parseSync(bytes, { kernels: kernels[b] }));
      for (const asset of assets.slice(1)) expect(exactBits(asset)).toEqual(exactBits(assets[0]!));
      // A NaN in the bind pose is refused by the writer gate (README § Errors) with its path, the
      // same on every backend; with the bind pose made finite, the NaN payloads left in vertex data
      // and keys give each backend's Asset written by each backend one set of bytes.
      const refusals = BACKENDS.map((b) => {
        try {
          iqmFormat.encodeSync(structuredClone(assets[0]!), { kernels: kernels[b] });
          return 'written';
        } catch (e) {
          return `${(e as { code?: string }).code} ${(e as { path?: string }).path}`;
        }
      });
      expect(new Set(refusals).size).toBe(1);
      if (refusals[0] !== 'written') expect(refusals[0]).toMatch(/^BAD_VALUE skeleton\.joints\[\d+\]\./);
      const finiteBindPose = (asset: Asset) => {
        const copy = structuredClone(asset);
        for (const joint of copy.skeleton?.joints ?? []) for (const key of ['translation', 'rotation', 'scale'] as const) joint[key] = joint[key].map((v) => (Number.isFinite(v) ? v : 0)) as never;
        return copy;
      };
      const written = assets.flatMap((asset) => BACKENDS.map((b) => Array.from(iqmFormat.encodeSync(finiteBindPose(asset), { kernels: kernels[b] }))));
      for (const bytesOut of written.slice(1)) expect(bytesOut).toEqual(written[0]);
    });
  }

  it('the size-5 tangent array keeps its signalling NaN 0x7f800001 (moved, not computed)', () => {
    const bytes = hostile('iqm-tangent-array-size5-signalling-nan__js-quiets-nan-backends-differ.iqm');
    for (const b of BACKENDS) expect(exactFloatBits(iqmFormat.parseSync(bytes, { kernels: kernels[b] }).meshes[0]!.attributes.tangents!)[0]).toBe(0x7f800001);
  });
});
