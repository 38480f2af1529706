// Encode time of meshcodec's optimized GLB (`--optimize`: quantize, EXT_meshopt_compression,
// embedded textures) against gltfpack -cc (npm, WebAssembly, in this process), per corpus file
// and real glTF sample, interleaved in one run (issue 20 item 5's time target). Three meshcodec
// figures: the writer alone (`glbFormat.encodeSync(asset, OPTIMIZE)`, the source already parsed:
// what a user calls), the source file parsed and encoded, and gltfpack's whole run on meshcodec's
// plain GLB (it reads that GLB, optimizes, writes). Medians over interleaved rounds after a
// warm-up; a shared machine's absolute times vary, the ratios within one row are what count.
// The warm-up is interleaved rounds of every contender too, until WARMUP_ROUNDS rounds or
// WARMUP_MS have passed (whichever first): both sides' code tiers up (V8 optimizes JavaScript
// after many calls, and WebAssembly from Liftoff to TurboFan once hot), so the medians are the
// steady state each reaches. Two warm-up rounds (the method before) measured meshcodec's writer
// mostly unoptimized on the first files and on any `--only` run: untitled.apg 0.291 against
// 0.139 ms after 200 rounds, gltfpack 0.172 against 0.133 (one run, load 5).
// Run: npx tsx bench/optimize-encode.bench.ts [--rounds N] [--warmup N] [--only NAME] [--plain] [--cpu]
//   --plain: the plain GLB writer instead of --optimize (no gltfpack column).
//   --cpu: each call's process CPU time (user + system, process.cpuUsage) instead of its wall
//   time: on a machine other jobs share, wall times include the time slices this process waited
//   (at load 10–11 on 2 cores, Box47.mesh's ratio swung 0.96–1.38 between runs, arm.mesh 0.52),
//   CPU times do not (both sides' figures then include V8's helper threads, e.g. GC).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { detectFormat, glbFormat, gltfFormat, initMeshopt, type Asset } from '../bindings/index.js';
import { gltfpack } from '../test/helpers/gltfpack.js';
import { machine, writeResults } from './harness.js';

const CORPUS = process.env.MESHCODEC_CORPUS ?? join(dirname(new URL(import.meta.url).pathname), '../../shared/corpus');
const SAMPLES = '/usr/share/assimp/models';
const argument = (name: string) => { const i = process.argv.indexOf(name); return i < 0 ? undefined : process.argv[i + 1]; };
const ROUNDS = Number(argument('--rounds') ?? 21);
const ONLY = argument('--only');
const WARMUP_ROUNDS = Number(argument('--warmup') ?? 200);
const WARMUP_MS = 1500;
const PLAIN = process.argv.includes('--plain');
const CPU = process.argv.includes('--cpu');
/** Milliseconds of process CPU time (user + system) since `from` (a process.cpuUsage() result). */
const cpuMs = (from: NodeJS.CpuUsage) => { const d = process.cpuUsage(from); return (d.user + d.system) / 1000; };
const OPTIMIZE = PLAIN ? {} : ({ quantize: true, compress: 'meshopt', textures: 'embed' } as const);

function inputs(): { name: string; path: string }[] {
  const out: { name: string; path: string }[] = [];
  if (existsSync(CORPUS)) {
    for (const folder of readdirSync(CORPUS).sort()) {
      const dir = join(CORPUS, folder);
      if (!statSync(dir).isDirectory()) continue;
      for (const name of readdirSync(dir).sort()) if (!/\.(blob|obj|md)$/.test(name)) out.push({ name, path: join(dir, name) });
    }
  }
  for (const sample of ['IQM/mrfixit.iqm', 'glTF2/BoxTextured-glTF/BoxTextured.gltf', 'glTF2/2CylinderEngine-glTF-Binary/2CylinderEngine.glb', 'glTF2/simple_skin/simple_skin.gltf', 'glTF2/glTF-Sample-Models/AnimatedMorphCube-glTF/AnimatedMorphCube.gltf', 'glTF2/BoxBadNormals-glTF-Binary/BoxBadNormals.glb']) {
    const path = join(SAMPLES, sample);
    if (existsSync(path)) out.push({ name: basename(path), path });
  }
  return ONLY ? out.filter((i) => i.name.includes(ONLY)) : out;
}

function siblings(path: string): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {};
  for (const name of readdirSync(dirname(path))) {
    const full = join(dirname(path), name);
    if (statSync(full).isFile() && statSync(full).size < 64 << 20) out[name] = new Uint8Array(readFileSync(full));
  }
  return out;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

await initMeshopt();
const rows: Record<string, unknown>[] = [];
console.log(`${PLAIN ? 'plain' : 'optimized'} GLB encode, ${ROUNDS} interleaved rounds after a warm-up (${WARMUP_ROUNDS} rounds or ${WARMUP_MS} ms), medians in ms${CPU ? ' of process CPU time' : ''}; ${JSON.stringify(machine())}`);
console.log('| input | output bytes | encode ms | parse+encode ms | gltfpack -cc ms | gltfpack ÷ encode | gltfpack ÷ parse+encode |');
console.log('|---|---|---|---|---|---|---|');
for (const input of inputs()) {
  const bytes = new Uint8Array(readFileSync(input.path));
  const files = siblings(input.path);
  const resolve = (name: string) => files[name];
  const handler = /\.glb$/i.test(input.path) ? glbFormat : /\.gltf$/i.test(input.path) ? gltfFormat : detectFormat(bytes, input.path);
  if (!handler) continue;
  let asset: Asset;
  try {
    asset = handler.parseSync(bytes, { fileName: input.path, resolve });
  } catch {
    continue;
  }
  if (asset.meshes.length === 0) continue;
  const warnings = asset.warnings.length;
  // The writer appends its warnings to the Asset: cut them back each call, so that every call sees the same Asset.
  const encode = () => { asset.warnings.length = warnings; return glbFormat.encodeSync(asset, OPTIMIZE as never); };
  const parseEncode = () => glbFormat.encodeSync(handler.parseSync(bytes, { fileName: input.path, resolve }), OPTIMIZE as never);
  const plain = glbFormat.encodeSync(asset);
  const contenders: [string, () => unknown][] = [['encode', encode], ['parseEncode', parseEncode]];
  if (!PLAIN) contenders.push(['gltfpack', () => gltfpack(plain, ['-cc'], 'in.glb')]);
  const samples = new Map<string, number[]>(contenders.map(([name]) => [name, []]));
  let size = 0;
  const warmupEnd = performance.now() + WARMUP_MS;
  let warmups = 0;
  for (let round = 0; round < ROUNDS; ) {
    const measured = warmups >= WARMUP_ROUNDS || performance.now() >= warmupEnd;
    // Alternate the order each round so that neither always runs right after the other.
    const order = (round + warmups) % 2 === 0 ? contenders : [...contenders].reverse();
    for (const [name, run] of order) {
      // Whatever gltfpack's promise chain left queued runs here, before the clock starts (awaited
      // inside a timed call, it was charged to the next contender: 0.35 ms for a 0.09 ms encode).
      await new Promise((resolve) => setImmediate(resolve));
      const t0 = performance.now();
      const c0 = CPU ? process.cpuUsage() : undefined;
      let out = run();
      if (out instanceof Promise) out = await out;
      const ms = c0 ? cpuMs(c0) : performance.now() - t0;
      if (name === 'encode') size = (out as Uint8Array).length;
      if (measured) samples.get(name)!.push(ms);
    }
    if (measured) round++;
    else warmups++;
  }
  const m = Object.fromEntries([...samples].map(([name, values]) => [name, median(values)]));
  rows.push({ input: input.name, bytes: size, ...m });
  const ratio = (a?: number, b?: number) => (a === undefined || b === undefined ? '—' : (a / b).toFixed(2));
  console.log(`| ${input.name} | ${size} | ${m.encode!.toFixed(3)} | ${m.parseEncode!.toFixed(3)} | ${m.gltfpack?.toFixed(3) ?? '—'} | ${ratio(m.gltfpack, m.encode)} | ${ratio(m.gltfpack, m.parseEncode)} |`);
}
if (!ONLY) writeResults(`${PLAIN ? 'plain-encode' : 'optimize-encode'}${CPU ? '-cpu' : ''}`, { rounds: ROUNDS, warmupRounds: WARMUP_ROUNDS, warmupMs: WARMUP_MS, cpu: CPU, rows });
