// Many optimized GLB encodes of one input after every other input was encoded a few times (as
// bench/optimize-encode.bench.ts runs them), for `node --cpu-prof` and to count meshoptimizer's
// calls per encode:
// npx tsx bench/optimize-profile.ts NAME [SECONDS]   (NAME: part of a corpus file's name)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { MeshoptEncoder } from 'meshoptimizer/encoder';
import { detectFormat, glbFormat, initMeshopt, type Asset } from '../bindings/index.js';

const CORPUS = process.env.MESHCODEC_CORPUS ?? join(dirname(new URL(import.meta.url).pathname), '../../shared/corpus');
const [only = 'editor_viewcube', seconds = '4'] = process.argv.slice(2);
const OPTIMIZE = { quantize: true, compress: 'meshopt', textures: 'embed' } as const;

await initMeshopt();
const assets: { name: string; asset: Asset; warnings: number }[] = [];
for (const folder of readdirSync(CORPUS).sort()) {
  const dir = join(CORPUS, folder);
  if (!statSync(dir).isDirectory()) continue;
  for (const name of readdirSync(dir).sort()) {
    if (/\.(blob|obj|md)$/.test(name)) continue;
    const path = join(dir, name);
    const bytes = new Uint8Array(readFileSync(path));
    const handler = detectFormat(bytes, path);
    if (!handler) continue;
    try {
      const asset = handler.parseSync(bytes, { fileName: path, resolve: (n: string) => { try { return new Uint8Array(readFileSync(join(dir, n))); } catch { return undefined; } } });
      if (asset.meshes.length) assets.push({ name, asset, warnings: asset.warnings.length });
    } catch { /* not every corpus file is readable */ }
  }
}
const encode = (a: (typeof assets)[number]) => { a.asset.warnings.length = a.warnings; return glbFormat.encodeSync(a.asset, OPTIMIZE as never); };
for (let round = 0; round < 20; round++) for (const a of assets) if (!a.name.includes('Box47')) encode(a);
const target = assets.find((a) => a.name.includes(only))!;
// meshoptimizer's calls in one encode.
const calls = new Map<string, number>();
const encoder = MeshoptEncoder as unknown as Record<string, (...args: unknown[]) => unknown>;
const originals = new Map<string, (...args: unknown[]) => unknown>();
for (const key of ['reorderMesh', 'encodeGltfBuffer', 'encodeFilterOct', 'encodeFilterQuat', 'encodeFilterExp']) {
  const f = encoder[key]!;
  originals.set(key, f);
  encoder[key] = (...args: unknown[]) => { calls.set(key, (calls.get(key) ?? 0) + 1); return f.apply(MeshoptEncoder, args); };
}
const out = encode(target);
for (const [key, f] of originals) encoder[key] = f;
const jsonLength = new DataView(out.buffer, out.byteOffset).getUint32(12, true);
console.log(`${target.name}: ${out.length} bytes, JSON ${jsonLength}; meshopt calls ${JSON.stringify(Object.fromEntries(calls))}`);
let n = 0;
const start = performance.now();
while (performance.now() - start < Number(seconds) * 1000) {
  encode(target);
  n++;
}
console.log(`${n} encodes, ${((performance.now() - start) / n * 1000).toFixed(1)} µs each`);
