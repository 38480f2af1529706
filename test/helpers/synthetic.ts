// Files the real corpus lacks, made with the project's own writers: every attribute, vertex
// format and option a reader has a branch for (UV1, colours, several morph targets, 1–4 skin
// weights, empty surfaces, animations of no bones, every IQM vertex format). Deterministic.
import { createKernelsSync, type Asset } from '../../bindings/index.js';
import { assetToUnigine, writeUnigine, type UnigineMeshDocument } from '../../bindings/formats/unigine/index.js';
import { assetToIqm, writeIqm, IQM_FORMAT, type IqmComponentArray, type IqmFormatCode } from '../../bindings/formats/iqm/index.js';
import { tubeAsset } from '../../fixtures/tube-asset.js';
import { sampleIqmDocument } from './iqm-samples.js';

const kernels = createKernelsSync('js');

/** The tube with a second UV set, colours, four joints and 1–4 weights per vertex (vertex v has v % 4 + 1). */
export function richTubeAsset(options: Parameters<typeof tubeAsset>[0] = {}): Asset {
  const asset = tubeAsset(options);
  const mesh = asset.meshes[0]!;
  const a = mesh.attributes;
  const count = a.positions.length / 3;
  const uv1 = new Float32Array(count * 2);
  const colors = new Float32Array(count * 4);
  const joints = new Uint16Array(count * 4);
  const weights = new Float32Array(count * 4);
  for (let v = 0; v < count; v++) {
    uv1.set([a.positions[v * 3]! * 0.5 + 0.5, a.positions[v * 3 + 1]! * 0.25], v * 2);
    colors.set([(v % 7) / 6, (v % 5) / 4, (v % 3) / 2, 1], v * 4);
    const used = (v % 4) + 1;
    for (let k = 0; k < used; k++) {
      joints[v * 4 + k] = (v + k) % 4;
      weights[v * 4 + k] = Math.fround(1 / used);
    }
  }
  a.uvs = [a.uvs![0]!, uv1];
  a.colors = colors;
  a.joints = joints;
  a.weights = weights;
  const rest = { rotation: [0, 0, 0, 1] as [number, number, number, number], scale: [1, 1, 1] as [number, number, number] };
  asset.skeleton!.joints.push({ name: 'tip', parent: 1, translation: [0, 0.5, 0], ...rest }, { name: 'side', parent: 0, translation: [0.2, 0, 0], ...rest });
  return asset;
}

/**
 * An ms11 mesh with every branch the corpus lacks: UV1 and colours, three morph targets on the
 * first surface, 1–4 weights per vertex, a second, empty surface, and an animation of no bones
 * beside one that animates every bone.
 */
export function richUnigineMesh(): Uint8Array {
  const { document } = assetToUnigine(richTubeAsset(), { kernels });
  const doc = document as UnigineMeshDocument;
  const surface = doc.surfaces[0]!;
  const base = surface.targets[0]!;
  for (let t = 1; t <= 2; t++) {
    const vertices = base.vertices.map((v, i) => (i % 3 === 0 ? v * (1 + 0.1 * t) : v));
    surface.targets.push({ name: `swell${t}`, vertices, tangents: base.tangents.slice() });
  }
  base.name = 'base';
  doc.surfaces.push({
    name: 'empty', bounds: surface.bounds, targets: [{ name: '', vertices: new Float32Array(0), tangents: new Int16Array(0) }],
    weightCounts: new Uint8Array(0), weightBones: new Int16Array(0), weightValues: new Uint16Array(0),
    uv0: new Float32Array(0), uv1: new Float32Array(0), colors: new Uint8Array(0), cindices: new Uint8Array(0), tindices: new Uint8Array(0),
  });
  doc.animations.push({ name: 'still', boneIndices: new Int16Array(0), mask: 0x7f, frameCount: 9, flags: new Uint8Array(0), positions: new Float32Array(0), rotations: new Int16Array(0), scales: new Float32Array(0) });
  return writeUnigine(doc);
}

/** The rich tube's animations alone, as an10 (quantized frames), plus an animation of no bones. */
export function richUnigineAnim(): Uint8Array {
  const { document } = assetToUnigine(richTubeAsset(), { kind: 'anim', kernels });
  if (document.kind !== 'anim') throw new Error('expected an an10 document');
  const box = new Float32Array(3);
  document.animations.push({ name: 'still', boneIndices: new Int16Array(0), mask: 0x7f, frameCount: 9, flags: new Uint8Array(0), positions: new Uint16Array(0), rotations: new Int16Array(0), scales: new Uint16Array(0), positionMin: box, positionSize: box, scaleMin: box, scaleSize: box });
  return writeUnigine(document);
}

/** IQM from the rich tube, with blend weights and colours both as ubyte and as float. */
export function richIqmFiles(): Uint8Array[] {
  return (['ubyte', 'float'] as const).map((format) => writeIqm(assetToIqm(richTubeAsset(), { blendWeights: format, colors: format })));
}

const COMPONENT_ARRAYS: Record<IqmFormatCode, (n: number, f: (i: number) => number) => IqmComponentArray> = {
  [IQM_FORMAT.byte]: (n, f) => Int8Array.from({ length: n }, (_, i) => Math.round(f(i) * 127)),
  [IQM_FORMAT.ubyte]: (n, f) => Uint8Array.from({ length: n }, (_, i) => Math.round(Math.abs(f(i)) * 255)),
  [IQM_FORMAT.short]: (n, f) => Int16Array.from({ length: n }, (_, i) => Math.round(f(i) * 32767)),
  [IQM_FORMAT.ushort]: (n, f) => Uint16Array.from({ length: n }, (_, i) => Math.round(Math.abs(f(i)) * 65535)),
  [IQM_FORMAT.int]: (n, f) => Int32Array.from({ length: n }, (_, i) => Math.round(f(i) * 1000)),
  [IQM_FORMAT.uint]: (n, f) => Uint32Array.from({ length: n }, (_, i) => Math.round(Math.abs(f(i)) * 1000)),
  [IQM_FORMAT.half]: (n, f) => Uint16Array.from({ length: n }, (_, i) => 0x3c00 - Math.round(Math.abs(f(i)) * 0x400)),
  [IQM_FORMAT.float]: (n, f) => Float32Array.from({ length: n }, (_, i) => f(i)),
  [IQM_FORMAT.double]: (n, f) => Float64Array.from({ length: n }, (_, i) => f(i)),
};

/**
 * One IQM file per vertex format, each storing every standard vertex array (positions, UVs,
 * normals, tangents, blend indices and weights, colours) in that format, beside the sample
 * document's skeleton and animations.
 */
export function iqmFilePerVertexFormat(): { format: string; bytes: Uint8Array }[] {
  const files: { format: string; bytes: Uint8Array }[] = [];
  for (const [name, code] of Object.entries(IQM_FORMAT)) {
    const d = sampleIqmDocument();
    const make = COMPONENT_ARRAYS[code as IqmFormatCode];
    const wave = (i: number) => Math.sin(i * 0.7) * 0.9;
    d.vertexArrays = [0, 1, 2, 3, 4, 5, 6].map((type) => {
      const size = type === 0 || type === 2 ? 3 : type === 1 ? 2 : 4;
      const indexLike = type === 4;
      return { type, flags: 0, format: code as IqmFormatCode, size, data: make(d.vertexCount * size, indexLike ? (i) => (i % 2) / (code === IQM_FORMAT.float || code === IQM_FORMAT.double || code === IQM_FORMAT.half ? 1 : 1000) : wave) };
    });
    files.push({ format: name, bytes: writeIqm(d) });
  }
  return files;
}
