// V8's bailouts in the optimized GLB writer over the inputs of bench/optimize-encode.bench.ts, in
// its order (corpus folders sorted, then the glTF samples; Box47.mesh and 2CylinderEngine.glb left
// out for time), N encodes each in one process: run under `--trace-deopt` (here: a child process),
// counted per input, function and reason. A count near N for one function and input is a deopt
// loop (its optimized code bails out on every call); the same run three times shows those that
// depend on V8's concurrent compiles' timing.
//
//   npx tsx bench/optimize-deopt-trace.mts [--encodes 100] [--runs 3] [--top 20]
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { encodes: { type: 'string', default: '100' }, runs: { type: 'string', default: '3' }, top: { type: 'string', default: '20' }, child: { type: 'boolean', default: false } } });
const HERE = dirname(fileURLToPath(import.meta.url));

if (values.child) {
  const { detectFormat, glbFormat, gltfFormat, initMeshopt } = await import('../bindings/index.js');
  await initMeshopt();
  const OPTIMIZE = { quantize: true, compress: 'meshopt', textures: 'embed' } as const;
  const CORPUS = process.env.MESHCODEC_CORPUS ?? join(HERE, '../../shared/corpus');
  const SAMPLES = '/usr/share/assimp/models';
  const inputs: string[] = [];
  for (const folder of readdirSync(CORPUS).sort()) {
    const dir = join(CORPUS, folder);
    if (statSync(dir).isDirectory()) for (const name of readdirSync(dir).sort()) if (!/\.(blob|obj|md)$/.test(name) && name !== 'Box47.mesh') inputs.push(join(dir, name));
  }
  for (const sample of ['IQM/mrfixit.iqm', 'glTF2/BoxTextured-glTF/BoxTextured.gltf', 'glTF2/simple_skin/simple_skin.gltf', 'glTF2/glTF-Sample-Models/AnimatedMorphCube-glTF/AnimatedMorphCube.gltf', 'glTF2/BoxBadNormals-glTF-Binary/BoxBadNormals.glb']) if (existsSync(join(SAMPLES, sample))) inputs.push(join(SAMPLES, sample));
  for (const path of inputs) {
    const bytes = new Uint8Array(readFileSync(path));
    const files: Record<string, Uint8Array> = {};
    for (const name of readdirSync(dirname(path))) if (statSync(join(dirname(path), name)).isFile()) files[name] = new Uint8Array(readFileSync(join(dirname(path), name)));
    const handler = /\.glb$/i.test(path) ? glbFormat : /\.gltf$/i.test(path) ? gltfFormat : detectFormat(bytes, path);
    if (!handler) continue;
    let asset;
    try {
      asset = handler.parseSync(bytes, { fileName: path, resolve: (name: string) => files[name] });
    } catch {
      continue;
    }
    if (asset.meshes.length === 0) continue;
    const warnings = asset.warnings.length;
    // V8's trace goes to stdout: the marks go there too, in order.
    writeSync(1, `### input ${basename(path)}\n`);
    for (let k = 0; k < Number(values.encodes); k++) {
      asset.warnings.length = warnings;
      glbFormat.encodeSync(asset, OPTIMIZE);
    }
  }
} else {
  for (let run = 1; run <= Number(values.runs); run++) {
    const child = spawnSync(process.execPath, ['--trace-deopt', '--import', 'tsx', fileURLToPath(import.meta.url), '--child', '--encodes', values.encodes!], { encoding: 'utf8', maxBuffer: 1 << 30 });
    if (child.status !== 0) throw new Error(child.stderr.slice(0, 2000));
    const counts = new Map<string, number>();
    let input = '';
    let total = 0;
    for (const line of child.stdout.split('\n')) {
      if (line.startsWith('### input ')) input = line.slice(10);
      const m = /^\[bailout \(kind: [^,]+, reason: (.*)\): begin\. deoptimizing 0x[0-9a-f]+ <JSFunction ((?!\(sfi)\S*)? ?\(sfi/.exec(line);
      // Before the first input: the loader's own code (tsx), not the library's.
      if (!m || input === '') continue;
      total++;
      const key = `${input}\t${m[2] || '(anonymous)'}\t${m[1]}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    console.log(`run ${run}: ${total} bailouts after the first input; most by input, function and reason:`);
    for (const [key, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) console.log(`  ${n}\t${key}`);
  }
}
