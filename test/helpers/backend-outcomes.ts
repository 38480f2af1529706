import { expect } from 'vitest';
import { MeshFormatError, type Asset, type FormatHandler } from '../../bindings/index.js';
import { allKernels, BACKENDS, floatBits } from './backends.js';

const kernels = allKernels();

/** An Asset with every array as bit patterns (NaN payloads included), for comparing backends. */
export function assetBits(asset: Asset): unknown {
  return JSON.parse(JSON.stringify(asset, (_key, value) => {
    if (value instanceof Float32Array) return Array.from(floatBits(value));
    // Other arrays by their bytes (a Float64Array's NaN payloads too).
    if (ArrayBuffer.isView(value)) return { type: value.constructor.name, bytes: Array.from(new Uint8Array(value.buffer, value.byteOffset, value.byteLength)) };
    if (typeof value === 'number' && Number.isNaN(value)) return 'NaN';
    return value;
  }));
}

/**
 * Parses `bytes` with `format` on every backend: each must refuse with the same MeshFormatError
 * code (nothing else may escape), or give the same Asset bit for bit. Returns the code or 'ok'.
 */
export function sameOutcomeOnEveryBackend(format: FormatHandler, bytes: Uint8Array): string {
  const outcomes = BACKENDS.map((backend) => {
    try {
      return { code: 'ok', asset: assetBits(format.parseSync(bytes, { kernels: kernels[backend] })) };
    } catch (e) {
      if (!(e instanceof MeshFormatError)) throw new Error(`${backend}: not a MeshFormatError: ${(e as Error)?.stack ?? String(e)}`);
      expect(e.format).toBe(format.name);
      if (e.offset !== undefined) expect(e.offset).toBeGreaterThanOrEqual(0);
      if (e.line !== undefined) expect(e.line).toBeGreaterThanOrEqual(1);
      return { code: e.code, asset: undefined };
    }
  });
  for (const o of outcomes.slice(1)) expect(o).toEqual(outcomes[0]);
  return outcomes[0]!.code;
}
