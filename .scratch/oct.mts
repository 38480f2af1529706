import { readFileSync } from 'node:fs';
import { detectFormat, glbFormat, gltf, initMeshopt } from '../bindings/index.js';
import { MeshoptEncoder as E } from 'meshoptimizer/encoder';
import { MeshoptDecoder as D } from 'meshoptimizer/decoder';
await E.ready; await D.ready;
for (const path of process.argv.slice(2)) {
  const bytes = new Uint8Array(readFileSync(path));
  const asset = detectFormat(bytes, path)!.parseSync(bytes, { fileName: path });
  for (const kind of ['normals', 'tangents'] as const) {
    let total: Record<string, number> = {}; let errs: Record<string, number> = {};
    for (const mesh of asset.meshes) {
      const src = mesh.attributes[kind]; if (!src) continue;
      const w = kind === 'normals' ? 3 : 4; const n = src.length / w;
      // reorder as the writer would
      const order = E.reorderMesh(Uint32Array.from(mesh.indices), true, false)[0];
      const v = new Float32Array(n * 4);
      for (let i = 0; i < n; i++) { const to = order[i]! < n ? order[i]! : i; const len = Math.hypot(src[i*w]!, src[i*w+1]!, src[i*w+2]!) || 1; for (let c = 0; c < 3; c++) v[to*4+c] = src[i*w+c]! / len; v[to*4+3] = w === 4 ? (src[i*4+3]! < 0 ? -1 : 1) : 0; }
      const s8 = new Int8Array(n * 4); for (let i = 0; i < n * 4; i++) s8[i] = Math.round(v[i]! * 127);
      const add = (k: string, b: Uint8Array, stride: number, filter: string, decode: (d: Uint8Array) => Float32Array) => {
        const enc = E.encodeGltfBuffer(b, n, stride, 'ATTRIBUTES'); total[k] = (total[k] ?? 0) + enc.length;
        const d = new Uint8Array(n * stride); D.decodeGltfBuffer(d, n, stride, enc, 'ATTRIBUTES', filter); const f = decode(d);
        let e = errs[k] ?? 0; for (let i = 0; i < n; i++) for (let c = 0; c < 3; c++) e = Math.max(e, Math.abs(f[i*4+c]! - v[i*4+c]!)); errs[k] = e;
      };
      add('snorm8', new Uint8Array(s8.buffer), 4, 'NONE', (d) => Float32Array.from(new Int8Array(d.buffer), (x) => Math.max(-1, x / 127)));
      for (const bits of [8]) add(`oct4/${bits}`, E.encodeFilterOct(v, n, 4, bits), 4, 'OCTAHEDRAL', (d) => Float32Array.from(new Int8Array(d.buffer), (x) => Math.max(-1, x / 127)));
      for (const bits of [9, 10, 11, 12]) add(`oct8/${bits}`, E.encodeFilterOct(v, n, 8, bits), 8, 'OCTAHEDRAL', (d) => Float32Array.from(new Int16Array(d.buffer), (x) => Math.max(-1, x / 32767)));
    }
    console.log(path.split('/').pop(), kind, Object.entries(total).map(([k, b]) => `${k}: ${b} B err ${errs[k]!.toFixed(4)}`).join(' | '));
  }
}
