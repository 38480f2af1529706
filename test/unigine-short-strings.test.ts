// UnigineReader.string reads short ASCII strings by their char codes (TextDecoder's fixed cost
// per call showed in the 30 KB parse); longer ones, and any with a byte above 0x7f, still go
// through TextDecoder. Names of every kind must come back as written, and a rewrite must keep
// the file's bytes, on every backend.
import { describe, expect, it } from 'vitest';
import { unigine, unigineFormat } from '../bindings/index.js';
import { allKernels, BACKENDS } from './helpers/backends.js';

const kernels = allKernels();
const NAMES = ['', 'a', 'Bip01 L Hand', 'x'.repeat(62), 'y'.repeat(63), 'z'.repeat(64), 'w'.repeat(200), 'Kopf_é', 'ключица', '\u007f~', 'tab\there'];

function assetWith(names: string[]) {
  return {
    source: 'test', upAxis: 'z' as const, warnings: [] as string[], materials: [], animations: [],
    skeleton: { joints: names.map((name, i) => ({ name, parent: i - 1, translation: [0, 0, i] as [number, number, number], rotation: [0, 0, 0, 1] as [number, number, number, number], scale: [1, 1, 1] as [number, number, number] })) },
    meshes: [{ name: 'ü-mesh', indices: new Uint16Array([0, 1, 2]), attributes: { positions: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), normals: new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1]) } }],
  };
}

describe('UNIGINE names', () => {
  it('come back as written: ASCII up to and past 64 bytes, UTF-8, control characters', () => {
    for (const b of BACKENDS) {
      const bytes = unigineFormat.encodeSync(assetWith(NAMES) as never, { kernels: kernels[b] });
      const asset = unigineFormat.parseSync(bytes, { kernels: kernels[b] });
      expect(asset.skeleton!.joints.map((j) => j.name), b).toEqual(NAMES);
      expect(asset.meshes[0]!.name).toBe('ü-mesh');
      expect(Buffer.compare(unigineFormat.rewriteSync(bytes, { kernels: kernels[b] }), bytes), b).toBe(0);
    }
  });

  it('cut at an embedded NUL, and the file still rewrites to itself', () => {
    const bytes = unigineFormat.encodeSync(assetWith(['root', 'ab']) as never, { kernels: kernels.js });
    // Turn bone 1's name "ab" into "a\0" in place: the reader keeps the stored bytes for the rewrite.
    const at = Buffer.from(bytes).indexOf(Buffer.from('ab\0'));
    bytes[at + 1] = 0;
    const doc = unigine.readUnigine(bytes);
    expect(doc.bones.map((bone) => bone.name)).toEqual(['root', 'a']);
    for (const b of BACKENDS) expect(Buffer.compare(unigineFormat.rewriteSync(bytes, { kernels: kernels[b] }), bytes), b).toBe(0);
  });
});
