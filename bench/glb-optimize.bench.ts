// Web-ready GLB sizes and encode times: meshcodec's plain, `quantize`, and `quantize` +
// `compress: 'meshopt'` outputs against gltfpack (npm, WebAssembly) run on meshcodec's plain GLB
// of the same Asset, default and -cc, in one run on the same machine; each output through the
// Khronos validator. Textures are left out (`textures: 'none'`) so that sizes compare geometry and
// animation. Run: npx tsx bench/glb-optimize.bench.ts
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import validator from 'gltf-validator';
import { detectFormat, glbFormat, gltf, type Asset } from '../bindings/index.js';
import { machine } from './harness.js';

const CORPUS = process.env.MESHCODEC_CORPUS ?? join(import.meta.dirname, '../../shared/corpus');
const FILES = [
  '/usr/share/assimp/models/IQM/mrfixit.iqm',
  join(CORPUS, 'iqm/raylib_guy.iqm'),
  join(CORPUS, 'unigine/actor_00.mesh'),
  join(CORPUS, 'unigine/QBZ95_long.mesh'),
  join(CORPUS, 'unigine/Box47.mesh'),
  join(CORPUS, 'ms2/SerializedMesh.data'),
  join(CORPUS, 'apg/coins.apg'),
].filter((f) => existsSync(f));

await gltf.initMeshopt();
const require = createRequire(import.meta.url);
const gltfpack = require('gltfpack') as { pack(args: string[], iface: { read(path: string): Uint8Array; write(path: string, data: Uint8Array): void }): Promise<string> };

async function pack(input: Uint8Array, flags: string[]): Promise<Uint8Array> {
  let out: Uint8Array | undefined;
  await gltfpack.pack(['-i', 'in.glb', '-o', 'out.glb', ...flags], { read: () => input, write: (_p, data) => void (out = data.slice()) });
  return out!;
}

async function errors(bytes: Uint8Array): Promise<number> {
  return (await validator.validateBytes(bytes, { maxIssues: 0 })).issues.numErrors;
}

function median(fn: () => unknown, runs = 5): number {
  for (let i = 0; i < 3; i++) fn();
  const t: number[] = [];
  for (let i = 0; i < runs; i++) { const t0 = performance.now(); fn(); t.push(performance.now() - t0); }
  return t.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

async function medianAsync(fn: () => Promise<unknown>, runs = 5): Promise<number> {
  for (let i = 0; i < 3; i++) await fn();
  const t: number[] = [];
  for (let i = 0; i < runs; i++) { const t0 = performance.now(); await fn(); t.push(performance.now() - t0); }
  return t.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

console.log(JSON.stringify({ machine: machine(), note: 'shared 2-core machine, other jobs running; times are medians of 5 after 3 warm-up runs, ms; meshcodec includes reading the source' }));
console.log('| file | plain GLB | quantize | quantize + meshopt (ms) | gltfpack (ms) | gltfpack -cc (ms) | validator errors (ours / gltfpack) |');
console.log('|---|---|---|---|---|---|---|');
for (const path of FILES) {
  const bytes = new Uint8Array(readFileSync(path));
  const handler = detectFormat(bytes, path)!;
  const read = (): Asset => handler.parseSync(bytes, { fileName: path });
  const plain = glbFormat.encodeSync(read(), { textures: 'none' });
  const quantized = glbFormat.encodeSync(read(), { textures: 'none', quantize: true });
  const asset = read();
  const optimized = glbFormat.encodeSync(asset, { textures: 'none', quantize: true, compress: 'meshopt' });
  const ourMs = median(() => glbFormat.encodeSync(read(), { textures: 'none', quantize: true, compress: 'meshopt' }));
  const packed = await pack(plain, []);
  const packedCc = await pack(plain, ['-cc']);
  const packMs = await medianAsync(() => pack(plain, []));
  const packCcMs = await medianAsync(() => pack(plain, ['-cc']));
  const ours = [await errors(quantized), await errors(optimized)].join('+');
  const theirs = [await errors(packed), await errors(packedCc)].join('+');
  const name = path.split('/').pop();
  console.log(`| ${name} | ${plain.length} | ${quantized.length} | ${optimized.length} (${ourMs.toFixed(1)}) | ${packed.length} (${packMs.toFixed(1)}) | ${packedCc.length} (${packCcMs.toFixed(1)}) | ${ours} / ${theirs} |`);
  const note = asset.warnings.find((w) => w.startsWith('quantized'));
  if (note) console.log(`|  | ${note} | | | | | |`);
}
