// The N-stream weld kernel (weldIndexStreams): wasm-simd vs wasm-scalar vs js, one stream vs
// three, on the Transport Fever corpus and on a synthetic mesh of ≥ 1 M corners; backends are
// timed interleaved (one run each in turn) so that a busy machine slows them alike.
// Run: npx tsx bench/tf.bench.ts (or npm run bench:tf). The corpus part needs ../shared/corpus.
import { createKernelsSync, type BackendName, type Kernels } from '../bindings/index.js';
import { weldHashCapacity } from '../bindings/kernels/weld-streams.js';
import { readTfMesh } from '../bindings/formats/tf/index.js';
import { corpusAvailable, readCorpus } from '../test/helpers/corpus.js';
import { TF_CORPUS_MESHES } from '../test/helpers/tf-files.js';
import { fmt, markdownTable, writeResults } from './harness.js';

const BACKENDS: BackendName[] = ['wasm-simd', 'wasm-scalar', 'js'];
const kernels = Object.fromEntries(BACKENDS.map((b) => [b, createKernelsSync(b)])) as Record<BackendName, Kernels>;

/** One weld job: streams of equal length and the element count each indexes. */
interface WeldJob {
  streams: Uint32Array[];
  limits: number[];
}

/** Ordinary arrays for one kernel call (the wasm backend stages them into its memory and back). */
function prepare(job: WeldJob) {
  const corners = job.streams[0]!.length;
  const n = job.streams.length;
  let key = 0;
  for (let s = 1; s < n; s++) if (job.limits[s]! > job.limits[key]!) key = s;
  const packed = new Uint32Array(n * corners);
  job.streams.forEach((s, i) => packed.set(s, i * corners));
  return {
    packed, n, key, limits: Uint32Array.from(job.limits),
    table: new Uint32Array(job.limits[key]! + weldHashCapacity(corners, n)),
    indices: new Uint32Array(corners), tuples: new Uint32Array(n * corners),
  };
}

/** Median milliseconds per call of each backend over `jobs`, the backends taking turns. */
function interleaved(jobs: WeldJob[], minSeconds: number): Record<BackendName, number> {
  const prepared = jobs.map(prepare);
  const run = (k: Kernels) => {
    let vertices = 0;
    for (const p of prepared) {
      const welded = k.raw.weldIndexStreams(p.packed, p.n, p.limits, p.key, p.table, p.indices, p.tuples);
      if (welded < 0) throw new Error(`corner ${-welded - 1} is out of range`);
      vertices += welded;
    }
    return vertices;
  };
  const samples = Object.fromEntries(BACKENDS.map((b) => [b, [] as number[]])) as Record<BackendName, number[]>;
  const expected = run(kernels.js);
  for (const b of BACKENDS) if (run(kernels[b]) !== expected) throw new Error(`${b} welds differently`);
  const started = performance.now();
  while (samples.js.length < 5 || performance.now() - started < minSeconds * 1000 * BACKENDS.length) {
    for (const b of BACKENDS) {
      const t0 = performance.now();
      run(kernels[b]);
      samples[b].push(performance.now() - t0);
    }
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return Object.fromEntries(BACKENDS.map((b) => [b, median(samples[b])])) as Record<BackendName, number>;
}

/**
 * A TF-like mesh: a W × H grid; positions shared by neighbouring corners, UVs split along a seam
 * every 16 columns, normals per quad (flat shading), as in the regiolis files (more normals than
 * positions). Three streams, or the position stream alone.
 */
function syntheticMesh(corners: number): { three: WeldJob; one: WeldJob } {
  const quads = Math.ceil(corners / 6);
  const width = 1024;
  const rows = Math.ceil(quads / (width - 1));
  const position = new Uint32Array(quads * 6), uv = new Uint32Array(quads * 6), normal = new Uint32Array(quads * 6);
  const uvOf = (r: number, c: number, right: boolean) => r * (width + width / 16) + c + (right && c % 16 === 0 ? width + c / 16 : 0);
  let k = 0;
  for (let q = 0; q < quads; q++) {
    const r = Math.floor(q / (width - 1)), c = q % (width - 1);
    const a = r * width + c, b = a + 1, d = a + width, e = d + 1;
    const cornersOfQuad: [number, number, number][] = [[a, r, c], [d, r + 1, c], [b, r, c + 1], [b, r, c + 1], [d, r + 1, c], [e, r + 1, c + 1]];
    for (const [p, rr, cc] of cornersOfQuad) {
      position[k] = p;
      uv[k] = uvOf(rr, cc, cc > c);
      normal[k] = q;
      k++;
    }
  }
  const positions = (rows + 1) * width, uvs = (rows + 2) * (width + width / 16) + width;
  return { three: { streams: [position, uv, normal], limits: [positions, uvs, quads] }, one: { streams: [position], limits: [positions] } };
}

interface Row { input: string; streams: number; corners: number; backend: BackendName; ms: number; mCornersPerSecond: number }
const rows: Row[] = [];

function bench(input: string, three: WeldJob[], one: WeldJob[], minSeconds: number): void {
  for (const [streams, jobs] of [[3, three], [1, one]] as const) {
    const corners = jobs.reduce((n, j) => n + j.streams[0]!.length, 0);
    const ms = interleaved(jobs, minSeconds);
    for (const backend of BACKENDS) rows.push({ input, streams, corners, backend, ms: ms[backend], mCornersPerSecond: corners / 1e3 / ms[backend] });
  }
}

if (corpusAvailable) {
  // Every corpus submesh: its position, uv0 and normal streams (three), or its position stream (one).
  const three: WeldJob[] = [];
  const one: WeldJob[] = [];
  for (const name of Object.keys(TF_CORPUS_MESHES)) {
    const doc = readTfMesh(readCorpus('tf', name), readCorpus('tf', `${name}.blob`));
    const elements = new Map(doc.attributes.map((a) => [a.name, a.data.length / a.numComp]));
    for (const subMesh of doc.subMeshes) {
      const stream = (attribute: string) => subMesh.indices.find((i) => i.attribute === attribute)!.data;
      three.push({ streams: ['position', 'uv0', 'normal'].map(stream), limits: ['position', 'uv0', 'normal'].map((a) => elements.get(a)!) });
      one.push({ streams: [stream('position')], limits: [elements.get('position')!] });
    }
  }
  bench(`TF corpus (${three.length} submeshes)`, three, one, 0.5);
} else {
  console.warn('corpus not found: the corpus rows are skipped');
}
for (const corners of [30_000, 1_200_000]) {
  const mesh = syntheticMesh(corners);
  bench(`synthetic grid ${fmt(mesh.three.streams[0]!.length / 1e6, 2)} M corners`, [mesh.three], [mesh.one], corners > 1e6 ? 3 : 0.5);
}

const jsMs = new Map(rows.filter((r) => r.backend === 'js').map((r) => [`${r.input}/${r.streams}`, r.ms]));
const table = markdownTable(
  ['input', 'streams', 'corners', 'backend', 'ms', 'M corners/s', '× js'],
  rows.map((r) => [r.input, r.streams, r.corners, r.backend, fmt(r.ms, 3), fmt(r.mCornersPerSecond, 1), fmt(jsMs.get(`${r.input}/${r.streams}`)! / r.ms, 2)]),
);
console.log(table);
console.log('\nwasm times include staging the ordinary arrays into WebAssembly memory and the results back (onPointers).');
console.log(`results: ${writeResults('tf', { rows })}`);
