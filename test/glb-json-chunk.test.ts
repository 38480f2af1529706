import { describe, expect, it } from 'vitest';
import { glbFormat, initMeshopt } from '../bindings/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { allKernels, BACKENDS } from './helpers/backends.js';

/** The JSON chunk of a GLB, parsed (chunk length at byte 12, its bytes from 20). */
function jsonChunk(glb: Uint8Array): { text: string; json: { meshes: { name: string }[] } } {
  const length = new DataView(glb.buffer, glb.byteOffset).getUint32(12, true);
  const text = new TextDecoder().decode(glb.subarray(20, 20 + length)).trimEnd();
  return { text, json: JSON.parse(text) };
}

// The writer encodes the JSON through a scratch array kept between calls (write-gltf.ts): each
// output must hold its own JSON whatever the calls before and after it wrote, non-ASCII names and
// JSON past the scratch's size included.
describe('GLB JSON chunk through the reused scratch', () => {
  const kernels = allKernels();
  for (const backend of BACKENDS) {
    it(`keeps each output's JSON its own, non-ASCII and long names too (${backend})`, async () => {
      await initMeshopt();
      const named = (name: string) => {
        const asset = tubeAsset({ rings: 3, segments: 4, frames: 2 });
        asset.meshes[0]!.name = name;
        return asset;
      };
      const names = ['Würfel 🎲 — ß', 'a', 'ünïcödé '.repeat(2000), 'x'.repeat(400_000), 'short again ✓'];
      const outputs = names.map((name, i) => glbFormat.encodeSync(named(name), { kernels: kernels[backend], ...(i % 2 ? { quantize: true, compress: 'meshopt' as const } : {}) }));
      outputs.forEach((glb, i) => {
        const { text, json } = jsonChunk(glb);
        expect(json.meshes[0]!.name).toBe(names[i]);
        // The chunk is the UTF-8 of the JSON and nothing else (spaces pad it to 4 bytes).
        expect(new TextEncoder().encode(text).length).toBeGreaterThan(names[i]!.length);
        expect(glb.length % 4).toBe(0);
      });
    });
  }
});
