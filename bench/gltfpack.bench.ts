// Peer benchmark: meshcodec's GLB against gltfpack (npm, meshoptimizer's optimiser, WebAssembly,
// run in this process) on every corpus file and a representative set of Debian's glTF samples.
// For each input, one interleaved run of: meshcodec plain GLB (source file → GLB), meshcodec
// optimized GLB (the writer options { quantize: true, compress: 'meshopt', textures: 'embed' },
// printed "n/a" while the writer does not support them), the same at gltfpack's precision with
// merged meshes, and that with pruneUnread (bench/gltfpack-precision.ts), gltfpack -cc on meshcodec's plain GLB,
// and, for glTF inputs, gltfpack -cc on the sample itself. Reported per output: bytes, median
// encode ms, Khronos validator errors, and the largest position / UV / rotation error after
// decoding with meshcodec's reader against the source (meshcodec's plain GLB read back: the
// source Asset in glTF's frame), measured as test/helpers/asset-error.ts describes. "dropped"
// means the output lost what the source had (gltfpack drops UVs no texture uses; the extra row
// "gltfpack -cc -kv -vtf" keeps them, as floats, for a like-for-like size).
// Run: npm run bench:gltfpack (writes bench/results/gltfpack.md and .json).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { detectFormat, glbFormat, gltfFormat, initMeshopt, type Asset } from '../bindings/index.js';
import { assetError } from '../test/helpers/asset-error.js';
import { gltfpack } from '../test/helpers/gltfpack.js';
import { validateGltf } from '../test/helpers/gltf-validator.js';
import { fmt, machine, markdownTable, RESULTS_DIR, writeResults } from './harness.js';
import { AT_GLTFPACK_PRECISION, AT_GLTFPACK_PRECISION_PRUNED, OPTIMIZE } from './gltfpack-precision.js';

const CORPUS = process.env.MESHCODEC_CORPUS ?? join(dirname(new URL(import.meta.url).pathname), '../../shared/corpus');
const SAMPLES = '/usr/share/assimp/models';
const ROUNDS = Number(process.env.ROUNDS ?? 5);

interface Input {
  name: string;
  path: string;
  gltf: boolean;
}

function inputs(): Input[] {
  const out: Input[] = [];
  const corpus = existsSync(CORPUS) ? CORPUS : undefined;
  if (corpus) {
    for (const folder of readdirSync(corpus).sort()) {
      const dir = join(corpus, folder);
      if (!statSync(dir).isDirectory()) continue;
      for (const name of readdirSync(dir).sort()) {
        if (name.endsWith('.blob') || name.endsWith('.obj') || name.endsWith('.md')) continue;
        out.push({ name: `${folder}/${name}`, path: join(dir, name), gltf: false });
      }
    }
  } else console.error(`corpus not found at ${CORPUS} (set MESHCODEC_CORPUS)`);
  const samples = [
    'IQM/mrfixit.iqm',
    'glTF2/BoxTextured-glTF/BoxTextured.gltf',
    'glTF2/BoxTexcoords-glTF/boxTexcoords.gltf',
    'glTF2/2CylinderEngine-glTF-Binary/2CylinderEngine.glb',
    'glTF2/simple_skin/simple_skin.gltf',
    'glTF2/glTF-Sample-Models/AnimatedMorphCube-glTF/AnimatedMorphCube.gltf',
    'glTF2/ClearCoat-glTF/ClearCoatTest.gltf',
    'glTF2/textureTransform/TextureTransformTest.gltf',
    'glTF2/BoxBadNormals-glTF-Binary/BoxBadNormals.glb',
  ];
  for (const sample of samples) {
    const path = join(SAMPLES, sample);
    if (existsSync(path)) out.push({ name: sample.split('/').pop()!, path, gltf: /\.(gltf|glb)$/.test(path) });
    else console.error(`${path} is missing: apt-get install assimp-testmodels`);
  }
  return out;
}

function siblings(path: string): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {};
  for (const name of readdirSync(dirname(path))) {
    const full = join(dirname(path), name);
    if (statSync(full).isFile() && statSync(full).size < 64 << 20) out[name] = new Uint8Array(readFileSync(full));
  }
  return out;
}

function jsonOf(glb: Uint8Array): Record<string, any> {
  const length = new DataView(glb.buffer, glb.byteOffset).getUint32(12, true);
  return JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + length)));
}

function extent(asset: Asset): number {
  let size = 0;
  for (let c = 0; c < 3; c++) {
    let lo = Infinity;
    let hi = -Infinity;
    for (const mesh of asset.meshes) for (let i = c; i < mesh.attributes.positions.length; i += 3) { lo = Math.min(lo, mesh.attributes.positions[i]!); hi = Math.max(hi, mesh.attributes.positions[i]!); }
    if (hi > lo) size = Math.max(size, hi - lo);
  }
  return size;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const hasUvs = (asset: Asset) => asset.meshes.length > 0 && asset.meshes.every((m) => m.attributes.uvs?.[0]);
const hasRotations = (asset: Asset) => asset.animations.some((a) => a.tracks.some((t) => t.rotation));

interface Row {
  input: string;
  /** The source's largest bounding-box side, to read the position error against. */
  size?: number;
  output: string;
  bytes: number | null;
  ms: number | null;
  validatorErrors: number | null;
  position: string;
  uv: string;
  rotation: string;
  note?: string;
}

await initMeshopt();
const rows: Row[] = [];
for (const input of inputs()) {
  const bytes = new Uint8Array(readFileSync(input.path));
  const files = siblings(input.path);
  const resolve = (name: string) => files[name];
  const handler = input.gltf ? (input.path.endsWith('.glb') ? glbFormat : gltfFormat) : detectFormat(bytes, input.path);
  let asset: Asset;
  try {
    if (!handler) throw new Error('no format reads it');
    asset = handler.parseSync(bytes, { fileName: input.path, resolve });
  } catch (e) {
    rows.push({ input: input.name, output: '(source not read)', bytes: null, ms: null, validatorErrors: null, position: '', uv: '', rotation: '', note: (e as Error).message.slice(0, 80) });
    continue;
  }
  if (asset.meshes.length === 0) {
    rows.push({ input: input.name, output: '(no meshes: animation only)', bytes: null, ms: null, validatorErrors: null, position: '', uv: '', rotation: '' });
    continue;
  }
  const read = () => handler!.parseSync(bytes, { fileName: input.path, resolve });
  const plain = glbFormat.encodeSync(asset);
  const source = glbFormat.parseSync(plain);
  const size = extent(source);

  // The contenders: each makes its output from the input it is given.
  const contenders: { output: string; make: () => Promise<Uint8Array> | Uint8Array }[] = [
    { output: 'meshcodec plain', make: () => glbFormat.encodeSync(read()) },
  ];
  let optimizedSupported = false;
  try {
    const optimized = glbFormat.encodeSync(read(), { ...(OPTIMIZE as object) } as never);
    const used: string[] = jsonOf(optimized).extensionsUsed ?? [];
    optimizedSupported = used.includes('EXT_meshopt_compression') || used.includes('KHR_mesh_quantization');
  } catch {
    optimizedSupported = false;
  }
  if (optimizedSupported) contenders.push({ output: 'meshcodec optimized', make: () => glbFormat.encodeSync(read(), { ...(OPTIMIZE as object) } as never) });
  // At gltfpack -cc's default precision (bench/gltfpack-precision.ts), meshes merged as gltfpack merges them; then also without the UV sets and tangents no material reads, as gltfpack -cc leaves them out.
  if (optimizedSupported) contenders.push({ output: 'meshcodec optimized at gltfpack precision', make: () => glbFormat.encodeSync(read(), AT_GLTFPACK_PRECISION as never) });
  if (optimizedSupported) contenders.push({ output: 'meshcodec optimized at gltfpack precision, pruneUnread', make: () => glbFormat.encodeSync(read(), AT_GLTFPACK_PRECISION_PRUNED as never) });
  contenders.push({ output: 'gltfpack -cc (meshcodec GLB)', make: () => gltfpack(plain, ['-cc'], 'in.glb') });
  contenders.push({ output: 'gltfpack -cc -kv (meshcodec GLB)', make: () => gltfpack(plain, ['-cc', '-kv'], 'in.glb') });
  // gltfpack drops UVs no texture uses, and with -kv keeps them as integers whose dequantization has no texture to go in: -vtf keeps them as floats, for a like-for-like size.
  if (hasUvs(source)) contenders.push({ output: 'gltfpack -cc -kv -vtf (meshcodec GLB)', make: () => gltfpack(plain, ['-cc', '-kv', '-vtf'], 'in.glb') });
  if (input.gltf) contenders.push({ output: 'gltfpack -cc (sample)', make: () => gltfpack(bytes, ['-cc'], basename(input.path), files) });

  const samples = new Map<string, number[]>(contenders.map((c) => [c.output, []]));
  const outputs = new Map<string, Uint8Array>();
  for (let round = 0; round <= ROUNDS; round++) {
    for (const c of contenders) {
      const t0 = performance.now();
      const out = await c.make();
      const ms = performance.now() - t0;
      if (round > 0) samples.get(c.output)!.push(ms); // round 0 warms up
      outputs.set(c.output, out);
    }
  }
  for (const c of contenders) {
    const out = outputs.get(c.output)!;
    const report = await validateGltf(out);
    let decoded: Asset | undefined;
    let note: string | undefined;
    try {
      decoded = glbFormat.parseSync(out);
    } catch (e) {
      note = `meshcodec cannot read it: ${(e as Error).message.slice(0, 80)}`;
    }
    const error = decoded ? assetError(source, decoded) : undefined;
    const show = (value: number | undefined, had: boolean, kept: boolean) => (!had ? '' : !kept ? 'dropped' : value === undefined || Number.isNaN(value) ? 'n/a' : value.toExponential(1));
    rows.push({
      input: input.name,
      size,
      output: c.output,
      bytes: out.length,
      ms: median(samples.get(c.output)!),
      validatorErrors: report.errors,
      position: show(error?.position, true, !!decoded),
      uv: show(error?.uv, hasUvs(source), !!decoded && hasUvs(decoded)),
      rotation: show(error?.rotation, hasRotations(source), !!decoded && hasRotations(decoded)),
      ...(note ? { note } : {}),
    });
  }
  if (!optimizedSupported) rows.push({ input: input.name, output: 'meshcodec optimized', bytes: null, ms: null, validatorErrors: null, position: 'n/a', uv: 'n/a', rotation: 'n/a', note: 'writer options not supported yet' });
}

const m = machine();
const header = `gltfpack comparison — ${ROUNDS} interleaved rounds per input after one warm-up — ${m.cpu}, ${m.cores} cores, Node ${m.node} (shared machine: compare ratios within a row group, not absolute times)`;
const table = markdownTable(
  ['input', 'model size', 'output', 'bytes', 'encode ms', 'validator errors', 'max position error', 'max UV error', 'max rotation error (rad)'],
  rows.map((r) => [r.input, r.size === undefined ? '' : r.size.toPrecision(3), r.output + (r.note ? ` (${r.note})` : ''), r.bytes ?? 'n/a', r.ms === null ? 'n/a' : fmt(r.ms), r.validatorErrors ?? 'n/a', r.position, r.uv, r.rotation]),
);
console.log(`${header}\n\n${table}`);
writeFileSync(join(RESULTS_DIR, 'gltfpack.md'), `${header}\n\n${table}\n\nErrors are measured after decoding each output with meshcodec's reader, against meshcodec's plain GLB of the source read back (test/helpers/asset-error.ts: symmetric nearest-vertex distance for positions, nearest UV among co-located vertices, angle between key rotations). Encode ms: meshcodec from the source file's bytes (read + write); gltfpack from meshcodec's plain GLB (or the sample) in memory.\n`);
const path = writeResults('gltfpack', { rounds: ROUNDS, rows });
// The README's table: one row per input, the contenders side by side.
const WIDE: [string, string, boolean][] = [
  ['meshcodec optimized', 'meshcodec `--optimize`', true],
  ['meshcodec optimized at gltfpack precision', 'meshcodec at gltfpack precision', true],
  ['meshcodec optimized at gltfpack precision, pruneUnread', 'the same, `pruneUnread`', true],
  ['gltfpack -cc (meshcodec GLB)', 'gltfpack `-cc`', true],
  ['gltfpack -cc -kv (meshcodec GLB)', '`-cc -kv`', false],
  ['gltfpack -cc -kv -vtf (meshcodec GLB)', '`-cc -kv -vtf`', true],
];
const errorsOf = (r: Row) => [r.position || '–', r.uv || '–', r.rotation || '–'].join(' / ');
const wide = markdownTable(
  ['input', ...WIDE.flatMap(([, label, withError]) => (withError ? [label, 'error'] : [label]))],
  [...new Set(rows.map((r) => r.input))].flatMap((input) => {
    const mine = rows.filter((r) => r.input === input);
    if (!mine.some((r) => r.output === 'gltfpack -cc (meshcodec GLB)')) return [];
    return [[input, ...WIDE.flatMap(([output, , withError]) => {
      const r = mine.find((m) => m.output === output);
      const cell = r && r.bytes !== null ? `${r.bytes.toLocaleString('en-US')}${output.startsWith('gltfpack -cc -kv') ? '' : ` (${fmt(r.ms!)} ms)`}` : '—';
      return withError ? [cell, r ? errorsOf(r) : ''] : [cell];
    })]];
  }),
);
console.log(`\n${wide}`);
writeFileSync(join(RESULTS_DIR, 'gltfpack-wide.md'), `${header}\n\n${wide}\n`);
console.log(`\nresults: ${path} and ${join(RESULTS_DIR, 'gltfpack.md')}`);
