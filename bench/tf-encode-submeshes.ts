// TF encode of an Asset of many one-quad meshes (issue 17: 10,000 quads took 4–12 s).
//   tsx bench/tf-encode-submeshes.ts 1000 3000 10000
import { emptyAsset, tfFormat, type Asset } from '../bindings/index.js';

function quads(count: number): Asset {
  const asset = emptyAsset('synthetic');
  for (let q = 0; q < count; q++) {
    const x = q % 100, y = Math.floor(q / 100);
    asset.meshes.push({
      name: `quad${q}`,
      attributes: {
        positions: Float32Array.of(x, y, 0, x + 1, y, 0, x + 1, y + 1, 0, x, y + 1, 0),
        normals: Float32Array.of(0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1),
        tangents: Float32Array.of(1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1),
        uvs: [Float32Array.of(0, 0, 1, 0, 1, 1, 0, 1)],
      },
      indices: Uint8Array.of(0, 1, 2, 0, 2, 3),
    });
  }
  return asset;
}

for (const count of process.argv.slice(2).map(Number)) {
  const asset = quads(count);
  const started = performance.now();
  const files = tfFormat.encodeFiles!(asset, 'q.msh');
  const ms = performance.now() - started;
  console.log(JSON.stringify({ quads: count, ms: Math.round(ms), mshBytes: files[0]!.bytes.length, blobBytes: files[1]!.bytes.length }));
}
