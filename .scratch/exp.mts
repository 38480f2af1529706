import { readFileSync } from 'node:fs';
import { detectFormat, initMeshopt } from '../bindings/index.js';
import { MeshoptEncoder as E } from 'meshoptimizer/encoder';
import { MeshoptDecoder as D } from 'meshoptimizer/decoder';
await E.ready; await D.ready;
for (const path of process.argv.slice(2)) {
const bytes = new Uint8Array(readFileSync(path));
const asset = detectFormat(bytes, path)!.parseSync(bytes, { fileName: path });
const tracks = asset.animations.flatMap(a => a.tracks);
const cat = (k: 'translation'|'rotation') => { const parts = tracks.map(t => t[k]).filter(Boolean) as Float32Array[]; const out = new Float32Array(parts.reduce((s, p) => s + p.length, 0)); let o = 0; for (const p of parts) { out.set(p, o); o += p.length; } return out; };
const T = cat('translation'), R = cat('rotation');
for (let i = 0; i < R.length; i += 4) { const n = Math.hypot(R[i]!, R[i+1]!, R[i+2]!, R[i+3]!); for (let c = 0; c < 4; c++) R[i+c] = R[i+c]! / n; }
const enc = (b: Uint8Array, count: number, stride: number) => E.encodeGltfBuffer(b, count, stride, 'ATTRIBUTES').length;
const tn = T.length / 3;
console.log(path.split('/').pop(), 'translations', tn, 'raw float', enc(new Uint8Array(T.buffer), tn, 12));
// exp filter needs stride multiple of 4: VEC3 -> 12 bytes
for (const bits of [24, 23, 20, 16]) for (const mode of ['Separate', 'SharedComponent', 'SharedVector'] as const) {
  const f = E.encodeFilterExp(T, tn, 12, bits, mode);
  const dec = new Uint8Array(tn * 12); D.decodeGltfBuffer(dec, tn, 12, E.encodeGltfBuffer(f, tn, 12, 'ATTRIBUTES'), 'ATTRIBUTES', 'EXPONENTIAL');
  const back = new Float32Array(dec.buffer); let err = 0, exact = 0; for (let i = 0; i < T.length; i++) { err = Math.max(err, Math.abs(back[i]! - T[i]!)); if (back[i] === T[i]) exact++; }
  console.log(`  exp ${bits} ${mode}: ${enc(f, tn, 12)} B, max err ${err.toExponential(1)}, exact ${(exact / T.length * 100).toFixed(1)}%`);
}
const rn = R.length / 4;
const s16 = new Int16Array(R.length); for (let i = 0; i < R.length; i++) s16[i] = Math.round(Math.max(-1, Math.min(1, R[i]!)) * 32767);
console.log('  rotations', rn, 'snorm16 raw', enc(new Uint8Array(s16.buffer), rn, 8));
for (const bits of [16, 14, 12]) { const f = E.encodeFilterQuat(R, rn, 8, bits); const dec = new Uint8Array(rn * 8); D.decodeGltfBuffer(dec, rn, 8, E.encodeGltfBuffer(f, rn, 8, 'ATTRIBUTES'), 'ATTRIBUTES', 'QUATERNION');
  const q = new Int16Array(dec.buffer); let worst = 0; for (let i = 0; i < rn; i++) { let d = 0, n = 0; for (let c = 0; c < 4; c++) { d += (q[i*4+c]! / 32767) * R[i*4+c]!; n += (q[i*4+c]!/32767) ** 2; } const sg = d < 0 ? -1 : 1; for (let c = 0; c < 4; c++) worst = Math.max(worst, Math.abs(sg * q[i*4+c]! / 32767 - R[i*4+c]!)); }
  let w16 = 0; for (let i = 0; i < rn; i++) { let d = 0, n = 0; for (let c = 0; c < 4; c++) { d += (s16[i*4+c]! / 32767) * R[i*4+c]!; n += (s16[i*4+c]!/32767) ** 2; } for (let c = 0; c < 4; c++) w16 = Math.max(w16, Math.abs(s16[i*4+c]! / 32767 - R[i*4+c]!)); }
  console.log(`  quat ${bits}: ${enc(f, rn, 8)} B, max component err ${worst.toExponential(1)} (snorm16: ${w16.toExponential(1)})`); }
}
