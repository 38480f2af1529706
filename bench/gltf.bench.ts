// Peer benchmark: mrfixit.iqm (2 meshes, 75 joints, 101 frames) → GLB, meshcodec against
// assimpjs (assimp compiled to WebAssembly), runs interleaved so both see the same machine load.
// Also reports what each output keeps, read back with meshcodec's glTF reader and checked by the
// Khronos validator. Run: npm run bench:gltf
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import validator from 'gltf-validator';
import { createKernelsSync, glbFormat, iqmFormat, summarizeAsset, type BackendName } from '../bindings/index.js';
import { fmt, machine, markdownTable, writeResults } from './harness.js';

const MRFIXIT = '/usr/share/assimp/models/IQM/mrfixit.iqm';
if (!existsSync(MRFIXIT)) {
  console.error(`${MRFIXIT} is missing: apt-get install assimp-testmodels`);
  process.exit(1);
}
const file = new Uint8Array(readFileSync(MRFIXIT));
const ROUNDS = 40;

type Runner = { name: string; convert: () => Uint8Array };
const runners: Runner[] = (['wasm-simd', 'js'] as BackendName[]).map((backend) => {
  const kernels = createKernelsSync(backend);
  return { name: `meshcodec (${backend})`, convert: () => glbFormat.encodeSync(iqmFormat.parseSync(file, { kernels }), { kernels }) };
});
// Like for like: what assimp keeps (meshes, normals, UVs, materials), without skin, skeleton or animation.
{
  const kernels = createKernelsSync('wasm-simd');
  runners.push({
    name: 'meshcodec (wasm-simd), meshes only',
    convert: () => {
      const asset = iqmFormat.parseSync(file, { kernels });
      const meshes = asset.meshes.map((m) => ({ ...m, attributes: { positions: m.attributes.positions, normals: m.attributes.normals, uvs: m.attributes.uvs } }));
      return glbFormat.encodeSync({ ...asset, meshes, skeleton: undefined, animations: [] }, { kernels });
    },
  });
}
const require = createRequire(import.meta.url);
const assimp = await (require('assimpjs') as () => Promise<any>)();
runners.push({
  name: 'assimpjs 0.0.10',
  convert: () => {
    const list = new assimp.FileList();
    list.AddFile('mrfixit.iqm', file);
    const result = assimp.ConvertFileList(list, 'glb2');
    if (!result.IsSuccess() || result.FileCount() === 0) throw new Error(`assimpjs could not convert: ${result.GetErrorCode()}`);
    return new Uint8Array(result.GetFile(0).GetContent());
  },
});

// Warm-up, then ROUNDS rounds, each running every converter once in turn.
for (const r of runners) for (let i = 0; i < 3; i++) r.convert();
const samples = new Map(runners.map((r) => [r.name, [] as number[]]));
for (let round = 0; round < ROUNDS; round++) {
  for (const r of runners) {
    const t0 = performance.now();
    r.convert();
    samples.get(r.name)!.push(performance.now() - t0);
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const simdMs = median(samples.get(runners[0]!.name)!);
const timings = runners.map((r) => {
  const ms = median(samples.get(r.name)!);
  return { runner: r.name, medianMs: ms, minMs: Math.min(...samples.get(r.name)!), vsMeshcodecSimd: ms / simdMs };
});

const kept: Record<string, string | number>[] = [];
for (const r of [runners[0]!, runners[runners.length - 1]!]) {
  const glb = r.convert();
  const report = await validator.validateBytes(glb, { maxIssues: 0 });
  const asset = glbFormat.parseSync(glb);
  const s = summarizeAsset(asset);
  kept.push({
    runner: r.name,
    bytes: glb.length,
    meshes: s.meshes,
    vertices: s.vertices,
    triangles: s.triangles,
    normals: asset.meshes.every((m) => m.attributes.normals) ? 'yes' : 'no',
    tangents: asset.meshes.every((m) => m.attributes.tangents) ? 'yes' : 'no',
    uvSets: Math.max(0, ...asset.meshes.map((m) => m.attributes.uvs?.length ?? 0)),
    skinWeights: asset.meshes.some((m) => m.attributes.weights) ? 'yes' : 'no',
    joints: s.joints,
    animations: s.animations,
    keyTimes: asset.animations.reduce((sum, a) => sum + (a.tracks[0]?.times.length ?? 0), 0),
    materials: new Set(asset.meshes.map((m) => m.material).filter(Boolean)).size,
    validatorErrors: report.issues.numErrors,
    validatorWarnings: report.issues.numWarnings,
  });
}

const m = machine();
console.log(`glTF peer benchmark — mrfixit.iqm (${(file.length / 1024).toFixed(0)} KiB) → GLB, ${ROUNDS} interleaved rounds — ${m.cpu}, ${m.cores} cores, Node ${m.node}\n`);
console.log(markdownTable(['runner', 'median ms', 'min ms', '× meshcodec wasm-simd'], timings.map((t) => [t.runner, fmt(t.medianMs), fmt(t.minMs), `${fmt(t.vsMeshcodecSimd, 1)}×`])));
console.log('');
const keys = Object.keys(kept[0]!).filter((k) => k !== 'runner');
console.log(markdownTable(['kept in the GLB', ...kept.map((k) => String(k.runner))], keys.map((k) => [k, ...kept.map((row) => String(row[k]))] as string[])));
const assimpMs = timings.find((t) => t.runner.startsWith('assimpjs'))!.medianMs;
console.log(`\nassimpjs takes ${fmt(assimpMs / simdMs, 1)}× as long as meshcodec (wasm-simd), which also writes the skeleton and the animation.`);
const path = writeResults('gltf', { file: MRFIXIT, bytes: file.length, rounds: ROUNDS, timings, kept });
console.log(`\nresults: ${path}`);
