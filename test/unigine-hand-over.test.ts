// A UNIGINE surface whose workspace grows WebAssembly memory past the Kernels' memoryCap keeps
// that memory for its Mesh (Workspace.handOver) instead of copying the Mesh out and then dropping
// the memory: the Asset must be the copied one's, bit for bit; the Kernels object must go on with a
// fresh instance (later parses cannot grow, reuse or detach the memory the first Asset holds);
// below the cap nothing changes.
import { describe, expect, it } from 'vitest';
import { createKernelsSync } from '../bindings/index.js';
import { encodeUnigine, parseUnigine } from '../bindings/formats/unigine/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { transferablesOf } from '../bindings/workers/pool-messages.js';

const js = createKernelsSync('js');
const large = encodeUnigine(tubeAsset({ rings: 600, segments: 64, frames: 3 }), { kernels: js });
const other = encodeUnigine(tubeAsset({ rings: 500, segments: 48, frames: 5 }), { kernels: js });
const CAP = 1 << 20; // far below what `large` needs

function meshBytes(asset: ReturnType<typeof parseUnigine>): string[] {
  const m = asset.meshes[0]!;
  const { uvs = [], ...named } = m.attributes;
  return [...Object.values(named), ...uvs, m.indices].map((a) => Buffer.from(a!.buffer, a!.byteOffset, a!.byteLength).toString('hex'));
}

describe('hand-over of WebAssembly memory past the cap', () => {
  for (const backend of ['wasm-simd', 'wasm-scalar'] as const) {
    it(`${backend}: the same Asset, kept in the memory it was built in; the next parses run on a fresh instance`, () => {
      const copied = parseUnigine(large, { kernels: createKernelsSync(backend, 1 << 30) });
      const otherCopied = parseUnigine(other, { kernels: createKernelsSync(backend, 1 << 30) });
      const kernels = createKernelsSync(backend, CAP);
      const kept = parseUnigine(large, { kernels });
      const positions = kept.meshes[0]!.attributes.positions;
      // Views of one large buffer (the memory), not a copy of their own span.
      expect(positions.buffer.byteLength).toBeGreaterThan(CAP);
      expect(kept.meshes[0]!.attributes.normals!.buffer).toBe(positions.buffer);
      expect(meshBytes(kept)).toEqual(meshBytes(copied));
      expect(kernels.memoryBytes).toBeLessThanOrEqual(CAP);
      // A browser cannot transfer a WebAssembly memory's buffer: a pool's transfer list leaves it out (it is copied).
      expect(transferablesOf(kept)).not.toContain(positions.buffer);
      expect(transferablesOf(copied)).toContain(copied.meshes[0]!.attributes.positions.buffer);
      // Later parses (another file, the same file) leave the first Asset as it was.
      expect(meshBytes(parseUnigine(other, { kernels }))).toEqual(meshBytes(otherCopied));
      expect(meshBytes(parseUnigine(large, { kernels }))).toEqual(meshBytes(copied));
      expect(meshBytes(kept)).toEqual(meshBytes(copied));
    });

    it(`${backend}: below the cap the Mesh is copied out as before`, () => {
      const kernels = createKernelsSync(backend, 1 << 30);
      const asset = parseUnigine(large, { kernels });
      const positions = asset.meshes[0]!.attributes.positions;
      const m = asset.meshes[0]!;
      const spanned = Object.values(m.attributes).flat().reduce((n, a) => n + (a as Float32Array).byteLength, 0);
      expect(positions.buffer.byteLength).toBeLessThanOrEqual(spanned + 16 * 16);
    });
  }

  it('a workspace that is not the only one live copies out', () => {
    const kernels = createKernelsSync('wasm-simd', CAP);
    const outer = kernels.workspace({ a: ['u8', 16] });
    const inner = kernels.workspace({ b: ['f32', 2 * CAP] });
    inner.arrays.b[0] = 5;
    const [b] = inner.handOver([inner.arrays.b]);
    expect(b.buffer.byteLength).toBe(b.byteLength);
    expect(b[0]).toBe(5);
    inner.release();
    outer.release();
  });
});
