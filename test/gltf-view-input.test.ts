// The glTF read option `viewInput` (gltf/to-asset.ts, accessors.ts, copy-elements.ts): the
// Asset's arrays are views of the input's bytes where glTF stores them as the Asset holds them.
// Checked on every backend, for every glTF sample of assimp-testmodels, the fixtures and a GLB of
// mrfixit.iqm written by meshcodec: the Asset is the one a copying read gives, bit for bit, with
// every reader option that changes arrays in place (node transforms baked, upAxis 'z', flipV,
// flipWinding, texture transforms, bind poses); the input and its external buffers are never
// written; the default read shares no memory with the input.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { glbFormat, gltfFormat, iqmFormat, MeshFormatError, type Asset } from '../bindings/index.js';
import { allKernels, BACKENDS } from './helpers/backends.js';

const kernels = allKernels();
const SAMPLES = '/usr/share/assimp/models/glTF2';
const MRFIXIT = '/usr/share/assimp/models/IQM/mrfixit.iqm';
const FIXTURES = join(import.meta.dirname, '../fixtures');

const samples = existsSync(SAMPLES) ? execFileSync('find', [SAMPLES, '-name', '*.gl*'], { encoding: 'utf8' }).trim().split('\n').filter((f) => /\.(glb|gltf)$/.test(f)).sort() : [];
const HOSTILE = join(import.meta.dirname, 'hostile');
const hostile = readdirSync(HOSTILE).filter((f) => /\.(glb|gltf)$/.test(f)).sort().map((f) => join(HOSTILE, f));
const files = [...samples, join(FIXTURES, 'tube.glb'), join(FIXTURES, 'tube.gltf'), ...hostile];

/** The Asset with every typed array as its bytes (NaN payloads and −0 compare exactly). */
function bits(value: unknown): unknown {
  if (ArrayBuffer.isView(value)) return [value.constructor.name, Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64')];
  if (Array.isArray(value)) return value.map(bits);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, bits(v)]));
  return value;
}

/** The typed arrays of an Asset's meshes and animations. */
function arraysOf(asset: Asset): (ArrayBufferView & { BYTES_PER_ELEMENT: number })[] {
  const out: (ArrayBufferView & { BYTES_PER_ELEMENT: number })[] = [];
  for (const mesh of asset.meshes) {
    const a = mesh.attributes;
    for (const x of [a.positions, a.normals, a.tangents, a.colors, a.joints, a.weights, mesh.indices, ...(a.uvs ?? [])]) if (x) out.push(x);
    for (const t of mesh.targets ?? []) for (const x of [t.positions, t.normals]) if (x) out.push(x);
  }
  for (const animation of asset.animations) for (const t of animation.tracks) for (const x of [t.times, t.translation, t.rotation, t.scale]) if (x) out.push(x);
  return out;
}

const OPTION_SETS = [{}, { upAxis: 'z' as const, flipV: true, flipWinding: true }, { resample: 30 }];

describe('glTF read option viewInput', () => {
  for (const path of files) {
    it(`${basename(dirname(path))}/${basename(path)}: the same Asset as a copying read, the input never written`, () => {
      const bytes = new Uint8Array(readFileSync(path));
      const companions = new Map<string, Uint8Array>();
      const resolve = (name: string) => {
        const full = join(dirname(path), name);
        if (!companions.has(name) && existsSync(full)) companions.set(name, new Uint8Array(readFileSync(full)));
        return companions.get(name);
      };
      const format = path.endsWith('.glb') ? glbFormat : gltfFormat;
      let copied: Asset | undefined;
      try {
        copied = format.parseSync(bytes, { resolve, kernels: kernels.js });
      } catch (e) {
        // Files the reader refuses are refused the same way with views, on every backend.
        expect(e).toBeInstanceOf(MeshFormatError);
        for (const backend of BACKENDS) expect(() => format.parseSync(bytes, { resolve, kernels: kernels[backend], viewInput: true })).toThrow((e as MeshFormatError).message);
        return;
      }
      const before = Buffer.from(bytes).toString('base64');
      const companionsBefore = new Map([...companions].map(([n, b]) => [n, Buffer.from(b).toString('base64')]));
      for (const backend of BACKENDS) {
        for (const options of OPTION_SETS) {
          // The same Asset, or the same refusal (resampling may ask for too many frames).
          const read = (viewInput: boolean): { asset?: Asset; error?: string } => {
            try {
              return { asset: format.parseSync(bytes, { resolve, kernels: kernels[backend], ...options, viewInput }) };
            } catch (e) {
              if (!(e instanceof MeshFormatError) || e.code === 'INTERNAL') throw e;
              return { error: e.message };
            }
          };
          const [want, got] = [read(false), read(true)];
          expect(got.error, `${backend} ${JSON.stringify(options)}`).toBe(want.error);
          expect(bits(got.asset), `${backend} ${JSON.stringify(options)}`).toEqual(bits(want.asset));
          // The copying read shares no memory with the input.
          for (const array of want.asset ? arraysOf(want.asset) : []) expect(array.buffer).not.toBe(bytes.buffer);
        }
      }
      expect(Buffer.from(bytes).toString('base64')).toBe(before);
      for (const [name, b] of companions) expect(Buffer.from(b).toString('base64'), name).toBe(companionsBefore.get(name));
      expect(copied.meshes.length + copied.animations.length).toBeGreaterThanOrEqual(0);
    });
  }

  it.runIf(existsSync(MRFIXIT))('views the GLB meshcodec writes: its float arrays and indices are the input\'s bytes; changing the input changes them', () => {
    const glb = glbFormat.encodeSync(iqmFormat.parseSync(readFileSync(MRFIXIT), { kernels: kernels.js }), { kernels: kernels.js });
    for (const backend of BACKENDS) {
      const input = glb.slice();
      const viewed = glbFormat.parseSync(input, { kernels: kernels[backend], viewInput: true });
      const copied = glbFormat.parseSync(input, { kernels: kernels[backend] });
      expect(bits(viewed)).toEqual(bits(copied));
      const mesh = viewed.meshes[0]!;
      for (const array of [mesh.attributes.positions, mesh.attributes.normals!, mesh.attributes.tangents!, mesh.attributes.uvs![0]!, mesh.attributes.weights!, mesh.indices, viewed.animations[0]!.tracks[1]!.rotation!]) {
        expect(array.buffer).toBe(input.buffer);
      }
      // Skin joints are renumbered (a copy) whatever the option.
      expect(mesh.attributes.joints!.buffer).not.toBe(input.buffer);
      for (const array of arraysOf(copied)) expect(array.buffer).not.toBe(input.buffer);
      const p = mesh.attributes.positions;
      const at = (p.byteOffset - input.byteOffset) / 4;
      new Float32Array(input.buffer, input.byteOffset)[at] = 1234.5;
      expect(p[0]).toBe(1234.5);
      // With the passes that change arrays, nothing of the input is written.
      const again = glb.slice();
      glbFormat.parseSync(again, { kernels: kernels[backend], viewInput: true, upAxis: 'z', flipV: true, flipWinding: true });
      expect(Buffer.compare(again, glb)).toBe(0);
    }
  });

  it('an unaligned BIN chunk (a GLB inside a larger buffer at an odd offset) is read by copies, the same Asset', () => {
    const glb = readFileSync(join(FIXTURES, 'tube.glb'));
    const host = new Uint8Array(glb.length + 3);
    host.set(glb, 1);
    const input = host.subarray(1, 1 + glb.length);
    for (const backend of BACKENDS) {
      const viewed = glbFormat.parseSync(input, { kernels: kernels[backend], viewInput: true });
      expect(bits(viewed)).toEqual(bits(glbFormat.parseSync(new Uint8Array(glb), { kernels: kernels[backend] })));
      for (const array of arraysOf(viewed)) if (array.BYTES_PER_ELEMENT > 1) expect(array.buffer).not.toBe(host.buffer);
    }
  });
});
