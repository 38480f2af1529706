// Review of h-iqm22 (header read as one literal, ByteReader keeping its length, ASCII names):
// every header field of an IQM file set to values at and past the file's end and the 32-bit
// limits. Every backend must refuse (or read) alike: the same MeshFormatError code, offset and
// message, or the same Asset bit for bit; describe and parseSync agree on what they refuse.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { iqmFormat, MeshFormatError } from '../bindings/index.js';
import { IQM_HEADER_FIELDS } from '../bindings/formats/iqm/index.js';
import { FIXTURES_DIR } from '../fixtures/make-fixtures.js';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { assetBits } from './helpers/backend-outcomes.js';

const kernels = allKernels();

function outcome(read: () => unknown, asset: boolean): string {
  try {
    const value = read();
    return asset ? JSON.stringify(assetBits(value as never)) : 'read';
  } catch (error) {
    if (!(error instanceof MeshFormatError)) throw new Error(`not a MeshFormatError: ${(error as Error)?.stack ?? String(error)}`);
    return `${error.code} @${error.offset} ${error.message}`;
  }
}

const FILES: [string, string][] = [['tube.iqm', join(FIXTURES_DIR, 'tube.iqm')], ['mrfixit.iqm', '/usr/share/assimp/models/IQM/mrfixit.iqm']];

describe('IQM header fields at and past the ends: the same outcome on every backend', () => {
  for (const [name, path] of FILES) {
    it.skipIf(!existsSync(path))(name, () => {
      const file = new Uint8Array(readFileSync(path));
      const n = file.length;
      const values = [0, 1, 2, 3, n - 1, n, n + 1, n - 4, n - 12, n >>> 1, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff, 0x10000, 0x55555556];
      for (const [field, at] of Object.entries(IQM_HEADER_FIELDS)) {
        for (const value of values) {
          const bytes = file.slice();
          new DataView(bytes.buffer).setUint32(at as number, value >>> 0, true);
          const label = `${name} ${field} = ${value}`;
          const first = outcome(() => iqmFormat.parseSync(bytes, { kernels: kernels['wasm-simd'] }), true);
          for (const backend of BACKENDS) {
            expect(outcome(() => iqmFormat.parseSync(bytes, { kernels: kernels[backend] }), true), `${label} ${backend}`).toBe(first);
            const described = outcome(() => iqmFormat.describe!(bytes, { kernels: kernels[backend] }), false);
            if (described !== 'read') expect(first, `${label} ${backend}: describe refused`).toBe(described);
          }
        }
      }
    });
  }
});

describe('IQM files cut at every length and with random bytes: the same outcome on every backend', () => {
  for (const [name, path] of FILES) {
    it.skipIf(!existsSync(path))(name, () => {
      const file = new Uint8Array(readFileSync(path));
      const step = Math.max(1, Math.floor(file.length / 300));
      const cases: Uint8Array[] = [];
      for (let n = 0; n < file.length; n += step) cases.push(file.slice(0, n));
      let seed = 99;
      const next = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
      for (let trial = 0; trial < 150; trial++) {
        const bytes = file.slice();
        for (let c = 1 + Math.floor(next() * 3); c > 0; c--) bytes[Math.floor(next() * bytes.length)] = Math.floor(next() * 256);
        cases.push(bytes);
      }
      cases.forEach((bytes, i) => {
        const first = outcome(() => iqmFormat.parseSync(bytes, { kernels: kernels['wasm-simd'] }), true);
        for (const backend of BACKENDS) expect(outcome(() => iqmFormat.parseSync(bytes, { kernels: kernels[backend] }), true), `${name} case ${i} ${backend}`).toBe(first);
      });
    });
  }
});
