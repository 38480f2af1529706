import { describe, expect, it } from 'vitest';
import { packTfLayout, readTf, readTfAni, readTfMesh, tfFormat, writeTfAni, writeTfBlob, writeTfDescriptor, writeTfMesh, type TfMeshDocument } from '../bindings/formats/tf/index.js';
import { CORPUS_SKIP_MESSAGE, corpusAvailable, readCorpus } from './helpers/corpus.js';
import { corpusResolver, memoryResolver, TF_CORPUS_ANIS, TF_CORPUS_MESHES } from './helpers/tf-files.js';
import { refusal } from './helpers/refusal.js';

const text = (s: string) => new TextEncoder().encode(s);


describe.skipIf(!corpusAvailable)(`TF corpus: read, write back, read again ${corpusAvailable ? '' : CORPUS_SKIP_MESSAGE}`, () => {
  for (const [name, expected] of Object.entries(TF_CORPUS_MESHES)) {
    it(`${name}: every array read; the blob writes back byte for byte with its original layout`, () => {
      const msh = readCorpus('tf', name);
      const blob = readCorpus('tf', `${name}.blob`);
      const doc = readTfMesh(msh, blob, { msh: name, blob: `${name}.blob` });
      expect(readTf(msh, { fileName: `some/folder/${name}`, resolve: corpusResolver })).toEqual(doc);
      const elements = Object.fromEntries(doc.attributes.map((a) => [a.name, a.data.length / a.numComp]));
      expect(elements).toMatchObject({ position: expected.positions, uv0: expected.uvs, normal: expected.normals });
      expect(doc.subMeshes.length).toBe(expected.meshes);
      expect(doc.subMeshes.flatMap((s) => s.indices.map((i) => i.attribute)).sort()).toEqual(Array(expected.meshes).fill(['normal', 'position', 'tangent', 'uv0']).flat().sort());
      const shared = doc.subMeshes.every((s) => new Set(s.indices.map((i) => i.offset)).size === 1);
      expect(shared).toBe(expected.sharedStreams);
      expect(doc.unreferenced).toEqual([]);
      // The largest offset + count is the blob's size (FORMATS.md §4), so nothing is left over.
      const written = writeTfMesh(doc);
      expect(written.blob).toEqual(blob);
      expect(readTfMesh(written.msh, written.blob)).toEqual(doc);
      expect(tfFormat.rewriteSync!(msh, { fileName: name, resolve: corpusResolver })).toEqual(written.msh);
    });
  }

  it('concrete_roof_tl.msh (Train Fever): materials, matConfigs and an empty animations table are kept', () => {
    const doc = readTf(readCorpus('tf', 'concrete_roof_tl.msh'), { fileName: 'concrete_roof_tl.msh', resolve: corpusResolver }) as TfMeshDocument;
    expect(doc.subMeshes.map((s) => s.materials)).toEqual([['flying_junction/concrete.mtl'], ['flying_junction/paving.mtl']]);
    expect(doc.matConfigs).toEqual([[0, 0]]);
    expect(doc.animations).toEqual([]);
  });

  for (const [name, keys] of Object.entries(TF_CORPUS_ANIS)) {
    it(`${name}: times and matrices; written and read back the same`, () => {
      const doc = readTfAni(readCorpus('tf', name));
      expect(doc.times.length).toBe(keys);
      expect(doc.transforms.length).toBe(keys * 16);
      expect(readTfAni(writeTfAni(doc))).toEqual(doc);
    });
  }
  it('Blinker1.ani: translation in elements 12–14 (column-major)', () => {
    const doc = readTfAni(readCorpus('tf', 'Blinker1.ani'));
    expect(Array.from(doc.times.subarray(0, 4))).toEqual([0, 1, 499, 500]);
    expect(Array.from(doc.transforms.subarray(16, 32))).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0.165, 0, 0, 1]);
    // The writer keeps the corpus file's own layout, up to its indentation.
    expect(new TextDecoder().decode(writeTfAni(doc))).toBe(new TextDecoder().decode(readCorpus('tf', 'Blinker1.ani')).replace(/, }/g, ', }'));
  });

  it('a missing or short blob is a MeshFormatError naming both files', () => {
    const msh = readCorpus('tf', 'jct_ceil_br.msh');
    const missing = refusal(() => tfFormat.parseSync(msh, { fileName: 'dir/jct_ceil_br.msh', resolve: () => undefined }));
    expect(missing.code).toBe('TRUNCATED');
    expect(missing.message).toMatch(/jct_ceil_br\.msh needs its blob jct_ceil_br\.msh\.blob/);
    expect(refusal(() => tfFormat.parseSync(msh)).message).toMatch(/options\.fileName and options\.resolve/);
    const blob = readCorpus('tf', 'jct_ceil_br.msh.blob');
    const short = refusal(() => tfFormat.parseSync(msh, { fileName: 'jct_ceil_br.msh', resolve: memoryResolver({ 'jct_ceil_br.msh.blob': blob.subarray(0, 150) }) }));
    expect(short.code).toBe('TRUNCATED');
    expect(short.message).toMatch(/indices\.normal in jct_ceil_br\.msh needs bytes 144\.\.156 of jct_ceil_br\.msh\.blob, which has 150 bytes/);
    expect(short.line).toBe(5);
  });
});

describe('TF documents: layouts and checks', () => {
  const descriptor = (attr: string, indices: string) => text(`function data() return { subMeshes = { { indices = { ${indices} } } }, vertexAttr = { ${attr} } } end`);
  const floats = (...v: number[]) => new Uint8Array(new Float32Array(v).buffer);

  it('keeps unknown attributes, numComp on index streams, extra fields and unreferenced blob bytes', () => {
    const blob = new Uint8Array(64);
    blob.set(floats(1, 2, 3), 4);
    blob.set(new Uint8Array(new Uint32Array([0, 0, 0]).buffer), 20);
    blob.set([9, 9, 9], 40);
    const msh = descriptor('position = { count = 12, numComp = 3, offset = 4, note = "x" }, attrOffsetLOD = { count = 12, numComp = 1, offset = 4 }', 'position = { count = 12, numComp = 1, offset = 20 }, attrOffsetLOD = { count = 12, offset = 20 }');
    const doc = readTfMesh(msh, blob);
    expect(doc.attributes.map((a) => [a.name, a.numComp, a.data.length])).toEqual([['position', 3, 3], ['attrOffsetLOD', 1, 3]]);
    expect(doc.attributes[0]!.extra).toEqual(new Map([['note', 'x']]));
    expect(doc.subMeshes[0]!.indices[0]!.numComp).toBe(1);
    expect(doc.unreferenced.map((u) => [u.offset, u.bytes.length])).toEqual([[0, 4], [16, 4], [32, 32]]);
    const written = writeTfMesh(doc);
    expect(written.blob).toEqual(blob);
    expect(readTfMesh(written.msh, written.blob)).toEqual(doc);
    // Packed: the attributes, then one copy of the shared index stream, nothing unreferenced.
    const packed = packTfLayout(doc);
    expect(packed.attributes.map((a) => a.offset)).toEqual([0, 12]);
    expect(packed.subMeshes[0]!.indices.map((i) => i.offset)).toEqual([24, 24]);
    expect(writeTfBlob(packed).length).toBe(36);
    expect(readTfMesh(writeTfDescriptor(packed), writeTfBlob(packed))).toEqual(packed);
  });

  it('refuses counts that are not whole elements, negative or fractional values, overlapping arrays that disagree', () => {
    const blob = new Uint8Array(48);
    expect(refusal(() => readTfMesh(descriptor('position = { count = 10, numComp = 3, offset = 0 }', ''), blob)).code).toBe('BAD_VALUE');
    expect(refusal(() => readTfMesh(descriptor('position = { count = 12, numComp = 3, offset = -4 }', ''), blob)).code).toBe('BAD_VALUE');
    expect(refusal(() => readTfMesh(descriptor('position = { count = 12, numComp = 0, offset = 0 }', ''), blob)).code).toBe('BAD_VALUE');
    expect(refusal(() => readTfMesh(descriptor('position = { count = 12, numComp = 3, offset = 0.5 }', ''), blob)).code).toBe('BAD_VALUE');
    expect(refusal(() => readTfMesh(descriptor('position = { count = 12, numComp = 3, offset = 2^53 }', ''), blob)).code).toBe('UNSUPPORTED');
    expect(refusal(() => readTfMesh(descriptor('position = { count = 12, numComp = 3, offset = 1e300 }', ''), blob)).code).toBe('BAD_VALUE');
    expect(refusal(() => readTfMesh(descriptor('position = { count = 12, numComp = 3, offset = 40 }', ''), blob)).code).toBe('TRUNCATED');
    expect(refusal(() => readTfMesh(text('function data() return { vertexAttr = {} } end'), blob)).message).toMatch(/subMeshes is missing/);
    expect(refusal(() => readTfMesh(text('function data() return { times = {} } end'), blob)).message).toMatch(/is an \.ani/);
    const doc = readTfMesh(descriptor('position = { count = 12, numComp = 3, offset = 0 }', 'position = { count = 12, offset = 0 }'), blob);
    doc.subMeshes[0]!.indices[0]!.data = new Uint32Array([1, 2, 3]);
    expect(refusal(() => writeTfBlob(doc)).code).toBe('BAD_OFFSET');
    doc.subMeshes[0]!.indices[0]!.data = new Uint32Array([1, 2]);
    expect(refusal(() => writeTfBlob(doc)).code).toBe('BAD_VALUE');
  });

  it('KEYFRAME animations are read into keyframes; other animations are kept as tables', () => {
    const source = `function data() return {
      animations = {
        open = { type = "KEYFRAME", params = { origin = { 1, 2, 3 }, keyframes = { { time = 0, rot = { 0, 0, 0 }, transl = { 0, 0, 0 } }, { time = 500, rot = { 0, 0, 90 }, transl = { 0, -1, 0 } } } } },
        spin = { type = "ROTATE", params = { speed = 2 } },
      },
      subMeshes = { }, vertexAttr = { },
    } end`;
    const doc = readTfMesh(text(source), new Uint8Array(0));
    expect(doc.animations![0]).toEqual({ name: 'open', type: 'KEYFRAME', origin: [1, 2, 3], keyframes: [{ time: 0, rot: [0, 0, 0], transl: [0, 0, 0] }, { time: 500, rot: [0, 0, 90], transl: [0, -1, 0] }] });
    expect(doc.animations![1]).toMatchObject({ name: 'spin', type: 'other' });
    const written = writeTfMesh(doc);
    expect(written.blob.length).toBe(0);
    expect(readTfMesh(written.msh, written.blob)).toEqual(doc);
  });

  it('.ani: times and transfs must pair up, 16 numbers each', () => {
    expect(refusal(() => readTfAni(text('function data() return { times = { 0 }, transfs = {} } end'))).code).toBe('BAD_COUNT');
    expect(refusal(() => readTfAni(text('function data() return { times = { 0 }, transfs = { { 1, 0, 0 } } } end'))).code).toBe('BAD_COUNT');
    expect(refusal(() => readTfAni(text('function data() return { times = { "0" }, transfs = { } } end'))).code).toBe('BAD_COUNT');
  });
});
