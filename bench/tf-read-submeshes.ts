// TF read of a .msh of many one-quad submeshes over shared attributes (as our writer makes):
//   tsx bench/tf-read-submeshes.ts 5000 20000
import { emptyAsset, tfFormat } from '../bindings/index.js';

for (const count of process.argv.slice(2).map(Number)) {
  const asset = emptyAsset('synthetic');
  for (let q = 0; q < count; q++) asset.meshes.push({ name: `q${q}`, attributes: { positions: Float32Array.of(q, 0, 0, q + 1, 0, 0, q + 1, 1, 0, q, 1, 0) }, indices: Uint8Array.of(0, 1, 2, 0, 2, 3) });
  const [msh, blob] = tfFormat.encodeFiles!(asset, 'q.msh');
  const started = performance.now();
  const back = tfFormat.parseSync(msh!.bytes, { fileName: 'q.msh', resolve: () => blob!.bytes });
  console.log(JSON.stringify({ submeshes: back.meshes.length, mshBytes: msh!.bytes.length, blobBytes: blob!.bytes.length, ms: Math.round(performance.now() - started) }));
}
