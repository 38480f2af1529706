// Where the bytes of an optimized GLB go: for meshcodec's `quantize` + `compress: 'meshopt'` output
// (default; at gltfpack's precision with merged meshes, bench/gltfpack-precision.ts; the same with
// pruneUnread) and gltfpack's -cc -kv -vtf / -cc outputs of the same Asset, the compressed bytes of each bufferView
// summed by what the view holds (POSITION, NORMAL, TANGENT, TEXCOORD_n, JOINTS, WEIGHTS, indices,
// animation input, animation output per path, other), plus the JSON chunk. Also prints the
// vertex codec version of the first compressed ATTRIBUTES view (header byte 0xa0 = v0, 0xa1 = v1).
// Run: npx tsx bench/glb-breakdown.ts [files...]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { detectFormat, glbFormat, initMeshopt } from '../bindings/index.js';
import { gltfpack } from '../test/helpers/gltfpack.js';
import { AT_GLTFPACK_PRECISION, AT_GLTFPACK_PRECISION_PRUNED } from './gltfpack-precision.js';

const CORPUS = process.env.MESHCODEC_CORPUS ?? join(import.meta.dirname, '../../shared/corpus');
const FILES = process.argv.slice(2).length ? process.argv.slice(2) : ['/usr/share/assimp/models/IQM/mrfixit.iqm', join(CORPUS, 'unigine/actor_00.mesh'), join(CORPUS, 'unigine/Box47.mesh')];

function parts(glb: Uint8Array): { json: any; jsonBytes: number; bin: Uint8Array } {
  const dv = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const jsonBytes = dv.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonBytes)));
  const binAt = 20 + jsonBytes;
  const bin = binAt + 8 <= glb.length ? glb.subarray(binAt + 8, binAt + 8 + dv.getUint32(binAt, true)) : new Uint8Array(0);
  return { json, jsonBytes, bin };
}

export function breakdown(glb: Uint8Array): { kinds: Map<string, number>; versions: Set<string>; used: string[] } {
  const { json, jsonBytes, bin } = parts(glb);
  const kindOfAccessor = new Map<number, string>();
  for (const mesh of json.meshes ?? []) for (const p of mesh.primitives ?? []) {
    for (const [name, a] of Object.entries(p.attributes ?? {})) kindOfAccessor.set(a as number, name.replace(/_\d+$/, (s) => (name.startsWith('TEXCOORD') ? s : '')));
    if (p.indices !== undefined) kindOfAccessor.set(p.indices, 'indices');
    for (const t of p.targets ?? []) for (const [name, a] of Object.entries(t)) kindOfAccessor.set(a as number, `target ${name}`);
  }
  for (const s of json.skins ?? []) if (s.inverseBindMatrices !== undefined) kindOfAccessor.set(s.inverseBindMatrices, 'inverseBindMatrices');
  for (const anim of json.animations ?? []) for (const ch of anim.channels ?? []) {
    const sampler = anim.samplers[ch.sampler];
    kindOfAccessor.set(sampler.input, 'anim input');
    kindOfAccessor.set(sampler.output, `anim ${ch.target.path}`);
  }
  const kindOfView = new Map<number, string>();
  (json.accessors ?? []).forEach((acc: any, i: number) => { if (acc.bufferView !== undefined) kindOfView.set(acc.bufferView, kindOfAccessor.get(i) ?? 'other'); });
  for (const img of json.images ?? []) if (img.bufferView !== undefined) kindOfView.set(img.bufferView, 'image');
  const kinds = new Map<string, number>([['JSON', jsonBytes]]);
  const versions = new Set<string>();
  (json.bufferViews ?? []).forEach((view: any, i: number) => {
    const ext = view.extensions?.EXT_meshopt_compression ?? view.extensions?.KHR_meshopt_compression;
    const bytes = ext ? ext.byteLength : view.buffer === 0 || json.buffers[view.buffer]?.uri === undefined ? view.byteLength : 0;
    const kind = kindOfView.get(i) ?? 'other';
    const filter = ext?.filter && ext.filter !== 'NONE' ? ` [${ext.filter}]` : '';
    kinds.set(kind + filter, (kinds.get(kind + filter) ?? 0) + bytes);
    if (ext && ext.mode === 'ATTRIBUTES') versions.add(`v${bin[ext.byteOffset ?? 0]! & 15}`);
    if (ext && ext.mode !== 'ATTRIBUTES') versions.add(`${ext.mode.slice(0, 3)} v${bin[ext.byteOffset ?? 0]! & 15}`);
  });
  return { kinds, versions, used: json.extensionsUsed ?? [] };
}

await initMeshopt();
for (const path of FILES) {
  const bytes = new Uint8Array(readFileSync(path));
  const handler = detectFormat(bytes, path)!;
  // Companions (a .msh's .msh.blob) from the input's folder.
  const resolve = (name: string) => { const full = join(dirname(path), name); return statSync(full, { throwIfNoEntry: false })?.isFile() ? new Uint8Array(readFileSync(full)) : undefined; };
  const read = () => handler.parseSync(bytes, { fileName: path, resolve });
  const plain = glbFormat.encodeSync(read(), { textures: 'none' });
  const outputs: [string, Uint8Array][] = [
    ['meshcodec q+meshopt', glbFormat.encodeSync(read(), { textures: 'none', quantize: true, compress: 'meshopt' })],
    ['meshcodec at gltfpack precision', glbFormat.encodeSync(read(), { ...AT_GLTFPACK_PRECISION, textures: 'none' })],
    ['gltfpack -cc -kv -vtf', await gltfpack(plain, ['-cc', '-kv', '-vtf'])],
    ['meshcodec at gltfpack precision, pruneUnread', glbFormat.encodeSync(read(), { ...AT_GLTFPACK_PRECISION_PRUNED, textures: 'none' })],
    ['gltfpack -cc', await gltfpack(plain, ['-cc'])],
  ];
  const tables = outputs.map(([name, glb]) => ({ name, size: glb.length, ...breakdown(glb) }));
  const kinds = [...new Set(tables.flatMap((t) => [...t.kinds.keys()]))].sort();
  console.log(`\n### ${path.split('/').pop()}\n`);
  console.log(`| kind | ${tables.map((t) => `${t.name} (${t.size} B total)`).join(' | ')} |`);
  console.log(`|---|${tables.map(() => '---:').join('|')}|`);
  for (const k of kinds) console.log(`| ${k} | ${tables.map((t) => t.kinds.get(k) ?? '').join(' | ')} |`);
  console.log(`| codec | ${tables.map((t) => [...t.versions].join(', ')).join(' | ')} |`);
  console.log(`| extensions | ${tables.map((t) => t.used.join(', ')).join(' | ')} |`);
}
