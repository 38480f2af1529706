// encodeBase64Into (gltf/base64.ts): Node's Buffer from BASE64_BUFFER_MIN_BYTES on, the loop
// below it and wherever there is no Buffer. Both give btoa's text, byte for byte, at any offset
// into a larger output, touching nothing outside their base64Length(n) bytes; an embedded .gltf
// reads back to the Asset its GLB does. decodeBase64: Node's Buffer for canonical text from
// BASE64_BUFFER_MIN_CHARS on, the kernel for everything else; the same answer as the kernel
// alone (bytes, or undefined for text atob refuses) on every backend, canonical or not.
import { describe, expect, it } from 'vitest';
import { glbFormat, gltfFormat } from '../bindings/index.js';
import { BASE64_BUFFER_MIN_BYTES, BASE64_BUFFER_MIN_CHARS, base64Length, decodeBase64, decodeBase64Kernel, encodeBase64Into, encodeBase64Loop } from '../bindings/formats/gltf/base64.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';
import { assetDigest } from './helpers/fuzz.js';
import { tubeAsset } from '../fixtures/tube-asset.js';

const kernels = allKernels();
const M = BASE64_BUFFER_MIN_BYTES;

describe('encodeBase64Into', () => {
  it('gives btoa\'s text at every size around the switch and every remainder, at an offset, nothing outside touched', () => {
    const next = rng(22);
    for (const n of [0, 1, 2, 3, 4, 5, 6, 7, 100, M - 3, M - 2, M - 1, M, M + 1, M + 2, M + 3, 65_536, 100_001, 100_002, 300_000]) {
      const bytes = Uint8Array.from({ length: n }, () => Math.floor(next() * 256));
      // Through a view at an odd offset of a larger buffer, as the writer's arrays may be.
      const host = new Uint8Array(n + 7);
      host.set(bytes, 5);
      const input = host.subarray(5, 5 + n);
      let binary = '';
      for (let i = 0; i < n; i++) binary += String.fromCharCode(bytes[i]!);
      const want = btoa(binary);
      expect(base64Length(n)).toBe(want.length);
      for (const encode of [encodeBase64Into, encodeBase64Loop]) {
        const out = new Uint8Array(base64Length(n) + 11).fill(0xee);
        encode(input, out, 6);
        expect(Buffer.from(out.subarray(6, 6 + base64Length(n))).toString('latin1'), `${encode.name} ${n}`).toBe(want);
        expect([...out.subarray(0, 6), ...out.subarray(6 + base64Length(n))].every((b) => b === 0xee), `${encode.name} ${n}: outside`).toBe(true);
      }
    }
  });

  for (const backend of BACKENDS) {
    it(`an embedded .gltf (its buffer past the switch) reads back to the GLB's Asset (${backend})`, () => {
      const asset = tubeAsset();
      const glb = glbFormat.encodeSync(asset, { kernels: kernels[backend] });
      const embedded = gltfFormat.encodeSync(asset, { kernels: kernels[backend] });
      const json = JSON.parse(new TextDecoder().decode(embedded));
      expect(json.buffers[0].byteLength).toBeGreaterThanOrEqual(M);
      expect(assetDigest(gltfFormat.parseSync(embedded, { kernels: kernels.js }))).toBe(assetDigest(glbFormat.parseSync(glb, { kernels: kernels.js })));
    });
  }
});

describe('decodeBase64', () => {
  const next = rng(23);
  const canonical = (n: number) => Buffer.from(Uint8Array.from({ length: n }, () => Math.floor(next() * 256))).toString('base64');
  const C = (BASE64_BUFFER_MIN_CHARS / 4) * 3;
  const texts: [string, string][] = [];
  for (const n of [C - 3, C - 1, C, C + 1, C + 2, 100_000]) texts.push([`canonical ${n} bytes`, canonical(n)]);
  const long = canonical(C + 1); // ends in '=='
  const longer = canonical(C + 2); // ends in '='
  texts.push(
    ['no padding', long.slice(0, -2)],
    ['stray bits in the last character', long.slice(0, -3) + 'R=='],
    ['stray bits before one =', longer.slice(0, -2) + 'z='],
    ['base64url characters', long.replace(/\+/g, '-').replace(/\//g, '_')],
    ['a space inside', long.slice(0, 100) + ' ' + long.slice(100)],
    ['a character outside the alphabet', long.slice(0, 100) + '*' + long.slice(101)],
    ['= in the middle', long.slice(0, 100) + '==' + long.slice(102)],
    ['one character too many', long.slice(0, -2) + 'A'],
  );
  for (const backend of BACKENDS) {
    it(`gives the kernel's answer, canonical or not (${backend})`, () => {
      for (const [label, text] of texts) {
        expect(text.length, label).toBeGreaterThanOrEqual(BASE64_BUFFER_MIN_CHARS - 4);
        const want = decodeBase64Kernel(kernels[backend], text);
        const got = decodeBase64(kernels[backend], text);
        if (want === undefined) expect(got, label).toBeUndefined();
        else {
          expect(got, label).toBeInstanceOf(Uint8Array);
          expect(Object.getPrototypeOf(got), label).toBe(Uint8Array.prototype);
          expect(Buffer.compare(got!, want), label).toBe(0);
        }
        if (label.startsWith('canonical')) expect(Buffer.compare(got!, Buffer.from(text, 'base64')), label).toBe(0);
      }
    });
  }
});
