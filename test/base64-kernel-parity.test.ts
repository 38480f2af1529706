import { describe, expect, it } from 'vitest';
import { decodeBase64 } from '../bindings/formats/gltf/base64.js';
import { allKernels, BACKENDS, randomInts } from './helpers/backends.js';

const kernels = allKernels();
const ascii = (s: string) => new TextEncoder().encode(s);
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/** What atob gives, as bytes, or undefined where it throws; whitespace (which atob skips) is refused. */
function reference(text: string): number[] | undefined {
  if (/\s/.test(text)) return undefined;
  try {
    return Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

describe('decodeBase64 kernel: wasm-simd, wasm-scalar and js agree', () => {
  it('decodes what btoa encodes, lengths 0 to 17 and across SIMD blocks', () => {
    for (const n of [...Array.from({ length: 18 }, (_, i) => i), 47, 48, 49, 96, 1000, 4099]) {
      const bytes = randomInts(Uint8Array, n, n + 90, 255);
      const chars = ascii(toBase64(bytes).replace(/=+$/, ''));
      for (const b of BACKENDS) {
        const out = new Uint8Array(n);
        expect(kernels[b].raw.decodeBase64(chars, out), `${b} n=${n}`).toBe(-1);
        expect(Array.from(out), `${b} n=${n}`).toEqual(Array.from(bytes));
      }
    }
  });

  it('reports the first character outside the alphabet, wherever it falls', () => {
    const chars = ascii(toBase64(randomInts(Uint8Array, 60, 5, 255)));
    for (let at = 0; at < chars.length; at++) {
      for (const bad of [0x3d, 0x20, 0x2d, 0x5f, 0x00, 0x80, 0xff, 0x40, 0x5b, 0x60, 0x7b, 0x2f - 1, 0x3a]) {
        const text = chars.slice();
        text[at] = bad;
        for (const b of BACKENDS) expect(kernels[b].raw.decodeBase64(text, new Uint8Array(45)), `${b} at=${at} byte=${bad}`).toBe(at);
      }
    }
  });
});

describe('decodeBase64 (data: URIs) reads as atob does, on every backend', () => {
  const cases = ['', 'QQ', 'QQ==', 'QUI', 'QUI=', 'QUJD', 'QUJDRA', 'QUJDRA==', 'QQ=', 'Q', 'QUJDR', 'QUJD=', 'QU=D', 'QUJD====', '=', '==',
    'QUJDRA=\u00e9', 'QUJD\u00e9A==', 'QU JD', 'QR==', 'QUJ/+w==', '////', '++++', 'AAAA', 'QQ\u0100\u0100'];
  it.each(cases)('%j', (text) => {
    for (const b of BACKENDS) {
      const got = decodeBase64(kernels[b], text);
      expect(got && Array.from(got), b).toEqual(reference(text));
    }
  });
});
