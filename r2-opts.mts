import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, extname } from 'node:path';
import { createKernelsSync, glbFormat, gltfFormat, gltf } from './bindings/index.ts';
import { formatByExtension } from './bindings/formats/registry.ts';
await gltf.initMeshopt();
const files: string[] = [];
const walk = (d: string) => { for (const e of readdirSync(d)) { const p = join(d, e); if (statSync(p).isDirectory()) walk(p); else files.push(p); } };
walk('/work/shared/corpus'); walk('/work/shared/hostile');
const combos = [
  { quantize: true, compress: 'meshopt', pruneUnread: true, mergeMeshes: true },
  { quantize: { uv: 12 }, compress: 'meshopt', mergeMeshes: true },
  { quantize: { uv: 12 }, pruneUnread: true, mergeMeshes: true },
  { mergeMeshes: true }, { pruneUnread: true }, { quantize: true },
  { quantize: { position: 14, translation: 16, normal: 'oct8', tangent: 'oct8', rotation: 12, uv: 12 }, compress: 'meshopt', mergeMeshes: true, pruneUnread: true, textures: 'embed' },
];
let n = 0;
for (const f of files) {
  const h = formatByExtension(extname(f).toLowerCase()) as any;
  if (!h || f.endsWith('.blob') || /1e7|1e8|550000|chain/.test(f) || statSync(f).size > 4e6) continue;
  for (const b of ['wasm-simd', 'wasm-scalar', 'js'] as const) {
    const kernels = createKernelsSync(b);
    const resolve = (name: string) => { try { return new Uint8Array(readFileSync(join(f, '..', name))); } catch { return undefined; } };
    let asset;
    try { asset = h.parseSync(new Uint8Array(readFileSync(f)), { kernels, fileName: f.split('/').pop(), resolve }); } catch { continue; }
    for (const o of combos) {
      const copy = structuredClone(asset);
      let out;
      try { out = glbFormat.encodeSync(copy, { kernels, ...(o as any) }); n++; } catch (e: any) { if (e?.name !== 'MeshFormatError' || e.code === 'INTERNAL') console.log('ENC', b, f, JSON.stringify(o), e?.name, e?.code, e?.message?.slice(0, 150)); continue; }
      try { glbFormat.parseSync(out, { kernels }); } catch (e: any) { console.log('READBACK', b, f, JSON.stringify(o), e?.code, e?.message?.slice(0, 150)); }
    }
  }
}
console.log('encodes', n);
