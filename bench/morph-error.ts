// The largest morph-target error of AnimatedMorphCube.gltf's optimized GLBs (meshcodec's at its
// default and at gltfpack's precision with pruneUnread, and gltfpack -cc of meshcodec's plain GLB),
// after decoding each with meshcodec's reader: for every decoded vertex, the source vertex nearest
// in position and in every displaced position (p + d, weight 1), and the largest difference per
// component of those (positions, displaced positions, normal deltas) over all decoded vertices.
// Run: npx tsx bench/morph-error.ts [file.gltf]
import { readFileSync } from 'node:fs';
import { glbFormat, gltfFormat, initMeshopt, type Asset } from '../bindings/index.js';
import { gltfpack } from '../test/helpers/gltfpack.js';
import { AT_GLTFPACK_PRECISION_PRUNED, OPTIMIZE } from './gltfpack-precision.js';

const path = process.argv[2] ?? '/usr/share/assimp/models/glTF2/glTF-Sample-Models/AnimatedMorphCube-glTF/AnimatedMorphCube.gltf';
const bytes = new Uint8Array(readFileSync(path));
const read = () => gltfFormat.parseSync(bytes, { fileName: path, resolve: (n) => new Uint8Array(readFileSync(path.replace(/[^/]*$/, n))) });

/** Per vertex: position, displaced positions, normal deltas (first mesh). */
function rows(asset: Asset): { position: number[]; displaced: number[]; normalDeltas: number[] }[] {
  const m = asset.meshes[0]!;
  const p = m.attributes.positions;
  return Array.from({ length: p.length / 3 }, (_, v) => ({
    position: [p[v * 3]!, p[v * 3 + 1]!, p[v * 3 + 2]!],
    displaced: (m.targets ?? []).flatMap((t) => [0, 1, 2].map((c) => p[v * 3 + c]! + t.positions[v * 3 + c]!)),
    normalDeltas: (m.targets ?? []).flatMap((t) => (t.normals ? [0, 1, 2].map((c) => t.normals![v * 3 + c]!) : [])),
  }));
}

const largest = (a: number[], b: number[]) => a.reduce((m, x, i) => Math.max(m, Math.abs(x - b[i]!)), 0);

function errors(decoded: Asset, source: Asset): string {
  const src = rows(source);
  const out = { position: 0, displaced: 0, normalDeltas: 0 };
  for (const d of rows(decoded)) {
    let best = src[0]!;
    let bestKey = Infinity;
    for (const s of src) {
      const key = Math.max(largest(d.position, s.position), largest(d.displaced, s.displaced), largest(d.normalDeltas, s.normalDeltas) / 1000);
      if (key < bestKey) { bestKey = key; best = s; }
    }
    out.position = Math.max(out.position, largest(d.position, best.position));
    out.displaced = Math.max(out.displaced, largest(d.displaced, best.displaced));
    out.normalDeltas = Math.max(out.normalDeltas, largest(d.normalDeltas, best.normalDeltas));
  }
  return `position ${out.position.toExponential(1)}, displaced position ${out.displaced.toExponential(1)}, normal delta ${out.normalDeltas.toExponential(1)}`;
}

await initMeshopt();
const source = read();
const outputs: [string, Uint8Array][] = [
  ['meshcodec --optimize', glbFormat.encodeSync(read(), { ...OPTIMIZE, textures: 'none' })],
  ['meshcodec at gltfpack precision, pruneUnread', glbFormat.encodeSync(read(), { ...AT_GLTFPACK_PRECISION_PRUNED, textures: 'none' })],
  ['gltfpack -cc', await gltfpack(glbFormat.encodeSync(read(), { textures: 'none' }), ['-cc'])],
];
for (const [name, glb] of outputs) console.log(`${name}: ${glb.length} bytes; ${errors(glbFormat.parseSync(glb), source)}`);
