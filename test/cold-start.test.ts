import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createKernels, init, initSync } from '../bindings/index.js';
import { decodeEmbeddedBase64 } from '../bindings/kernels/backend.js';
import { WASM_SCALAR_BASE64, WASM_SIMD_BASE64 } from '../bindings/kernels/wasm-binaries.generated.js';
import { unigineFormat } from '../bindings/formats/unigine/index.js';

/** The reference decoding: atob and a character loop (what every runtime has). */
function atobBytes(text: string): Uint8Array {
  const binary = atob(text);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

describe('cold start: embedded module decoding and init', () => {
  afterAll(() => initSync());

  it('decodes both embedded modules to the same bytes as atob, each a valid WebAssembly module', () => {
    for (const text of [WASM_SIMD_BASE64, WASM_SCALAR_BASE64]) {
      const bytes = decodeEmbeddedBase64(text);
      expect(Buffer.from(bytes).equals(Buffer.from(atobBytes(text)))).toBe(true);
      expect(bytes.subarray(0, 4)).toEqual(new Uint8Array([0, 0x61, 0x73, 0x6d]));
      expect(WebAssembly.validate(bytes as BufferSource)).toBe(true);
    }
  });

  it('falls back to atob where the runtime has no native base64 decoder', () => {
    const saved = (globalThis as { Buffer?: unknown }).Buffer;
    try {
      (globalThis as { Buffer?: unknown }).Buffer = undefined;
      expect(Array.from(decodeEmbeddedBase64(WASM_SCALAR_BASE64))).toEqual(Array.from(atobBytes(WASM_SCALAR_BASE64)));
    } finally {
      (globalThis as { Buffer?: unknown }).Buffer = saved;
    }
  });

  it('init() (synchronous compile in Node) and createKernels (asynchronous compile) parse a file identically', async () => {
    const bytes = new Uint8Array(readFileSync(new URL('../fixtures/tube.mesh', import.meta.url)));
    for (const backend of ['wasm-simd', 'wasm-scalar'] as const) {
      const viaInit = await init({ backend });
      const viaAsync = await createKernels(backend);
      expect(viaInit.backend).toBe(backend);
      const a = unigineFormat.parseSync(bytes, { kernels: viaInit });
      const b = unigineFormat.parseSync(bytes, { kernels: viaAsync });
      expect(a).toEqual(b);
      expect(a.meshes.length).toBeGreaterThan(0);
    }
  });
});
