// UNIGINE decoding and kernels: wasm-simd vs wasm-scalar vs js on the real files.
// Run: npx tsx bench/unigine.bench.ts (or npm run bench:unigine). Needs ../shared/corpus.
import { createKernelsSync, type BackendName, type Kernels } from '../bindings/index.js';
import { parseUnigine, readAnim, readMesh, type UnigineAnimAnimation } from '../bindings/formats/unigine/index.js';
import { expandAnimation } from '../bindings/formats/unigine/expand-animation.js';
import { floatFrames } from '../bindings/formats/unigine/compress-frames.js';
import { BIND_POSE_FLOATS } from '../bindings/formats/unigine/mesh-document.js';
import { weldHashCapacity } from '../bindings/kernels/weld-streams.js';
import { corpusAvailable, CORPUS_SKIP_MESSAGE, corpusFiles, readCorpus } from '../test/helpers/corpus.js';
import { fmt, markdownTable, scratch, time, writeResults } from './harness.js';

if (!corpusAvailable) {
  console.error(CORPUS_SKIP_MESSAGE);
  process.exit(1);
}

const BACKENDS: BackendName[] = ['wasm-simd', 'wasm-scalar', 'js'];
const kernels = Object.fromEntries(BACKENDS.map((b) => [b, createKernelsSync(b)])) as Record<BackendName, Kernels>;
const MB = 1e6;

const box47 = readCorpus('unigine', 'Box47.mesh');
const actorFiles = ['actor_00.mesh', ...corpusFiles('unigine', ['.anim']).filter((f) => f.startsWith('actor_00_'))];
const actor = actorFiles.map((f) => readCorpus('unigine', f));
const actorBytes = actor.reduce((n, b) => n + b.length, 0);

interface Row { task: string; input: string; backend: BackendName; ms: number; mbPerSecond: number }
const rows: Row[] = [];

function record(task: string, input: string, bytes: number, backend: BackendName, fn: () => unknown): void {
  const { seconds } = time(fn, { minSeconds: 1 });
  rows.push({ task, input, backend, ms: seconds * 1000, mbPerSecond: bytes / MB / seconds });
}

// 1. Whole files to Assets.
for (const backend of ['wasm-simd', 'js'] as const) {
  const k = kernels[backend];
  record('decode to Asset', `Box47.mesh (${fmt(box47.length / MB)} MB)`, box47.length, backend, () => parseUnigine(box47, { kernels: k }));
  record('decode to Asset', `actor_00.mesh + ${actor.length - 1} .anim (${fmt(actorBytes / MB, 3)} MB)`, actorBytes, backend, () => {
    for (const bytes of actor) parseUnigine(bytes, { kernels: k });
  });
}

// 2. Kernels alone, on arrays already in place (WebAssembly memory for the wasm backends).
const animations = actor.slice(1).map((bytes) => readAnim(bytes));
const animationBytes = actor.slice(1).reduce((n, b) => n + b.length, 0);
const floatAnimations = animations.map((doc) => {
  const a = doc.animations[0]!;
  const { frameCount, translations, rotations, scales } = expandAnimation(kernels.js, a, doc.bindPose);
  return { doc, animation: floatFrames(kernels.js, { name: a.name, frameCount, joints: Array.from(a.boneIndices), translations, rotations, scales }) };
});
const box47Doc = readMesh(box47);
const corners = box47Doc.surfaces.reduce((n, s) => n + s.cindices.length, 0);
const quaternionCount = box47Doc.surfaces.reduce((n, s) => n + s.targets[0]!.tangents.length / 4, 0);

for (const backend of BACKENDS) {
  const k = kernels[backend];
  const ws = scratch(k, 64 * MB);
  const inWorkspace = <T extends Uint8Array | Uint16Array | Int16Array | Uint32Array | Float32Array>(source: T, make: (n: number) => T): T => {
    const copy = make(source.length);
    copy.set(source as never);
    return copy;
  };
  const quantizedJobs = animations.map((doc) => {
    const a: UnigineAnimAnimation = doc.animations[0]!;
    const keys = a.frameCount * a.boneIndices.length;
    const initial = new Float32Array(a.boneIndices.length * BIND_POSE_FLOATS);
    a.boneIndices.forEach((bone, b) => initial.set(doc.bindPose.subarray(bone * BIND_POSE_FLOATS, (bone + 1) * BIND_POSE_FLOATS), b * BIND_POSE_FLOATS));
    const box = new Float32Array([...a.positionMin, ...a.positionSize, ...a.scaleMin, ...a.scaleSize]);
    return {
      a, flags: inWorkspace(a.flags, (n) => ws.u8(n)), positions: inWorkspace(a.positions, (n) => ws.u16(n)), rotations: inWorkspace(a.rotations, (n) => ws.i16(n)), scales: inWorkspace(a.scales, (n) => ws.u16(n)),
      box: inWorkspace(box, (n) => ws.f32(n)), initial: inWorkspace(initial, (n) => ws.f32(n)), t: ws.f32(keys * 3), r: ws.f32(keys * 4), s: ws.f32(keys * 3),
    };
  });
  record('kernel expandQuantizedFrames', `9 actor_00 .anim (${fmt(animationBytes / MB, 3)} MB)`, animationBytes, backend, () => {
    for (const j of quantizedJobs) k.raw.expandQuantizedFrames(j.flags, j.a.frameCount, j.a.boneIndices.length, j.positions, j.rotations, j.scales, j.box, j.initial, j.t, j.r, j.s);
  });
  const floatJobs = floatAnimations.map(({ animation: a }, i) => {
    const keys = a.frameCount * a.boneIndices.length;
    return {
      a, flags: inWorkspace(a.flags, (n) => ws.u8(n)), positions: inWorkspace(a.positions, (n) => ws.f32(n)), rotations: inWorkspace(a.rotations, (n) => ws.i16(n)), scales: inWorkspace(a.scales, (n) => ws.f32(n)),
      initial: quantizedJobs[i]!.initial, t: ws.f32(keys * 3), r: ws.f32(keys * 4), s: ws.f32(keys * 3),
    };
  });
  const floatBytes = floatJobs.reduce((n, j) => n + j.flags.length + j.positions.byteLength + j.rotations.byteLength + j.scales.byteLength, 0);
  record('kernel expandFloatFrames', `same, as ms11 float frames (${fmt(floatBytes / MB, 3)} MB)`, floatBytes, backend, () => {
    for (const j of floatJobs) k.raw.expandFloatFrames(j.flags, j.a.frameCount, j.a.boneIndices.length, j.positions, j.rotations, j.scales, j.initial, j.t, j.r, j.s);
  });
  const weldJobs = box47Doc.surfaces.map((s) => {
    const n = s.cindices.length;
    const triangleVertices = s.targets[0]!.tangents.length / 4;
    const limits = ws.u32(2);
    limits.set([s.targets[0]!.vertices.length / 3, triangleVertices]);
    return { n, streams: ws.u32(2 * n), limits, table: ws.u32(triangleVertices + weldHashCapacity(n, 2)), indices: ws.u32(n), tuples: ws.u32(2 * n), cindices: s.cindices, tindices: s.tindices };
  });
  for (const j of weldJobs) {
    j.streams.set(j.cindices);
    j.streams.set(j.tindices, j.n);
  }
  record('kernel weldIndexStreams (cindex, tindex)', `Box47 ${corners} corners (${fmt((corners * 8) / MB)} MB of indices)`, corners * 8, backend, () => {
    for (const j of weldJobs) k.raw.weldIndexStreams(j.streams, 2, j.limits, 1, j.table, j.indices, j.tuples);
  });
  const tangentJobs = box47Doc.surfaces.map((s) => {
    const q = inWorkspace(s.targets[0]!.tangents, (n) => ws.i16(n));
    return { q, n: ws.f32((q.length / 4) * 3), t: ws.f32(q.length) };
  });
  record('kernel tangentFrames', `Box47 ${quaternionCount} quaternions (${fmt((quaternionCount * 8) / MB)} MB)`, quaternionCount * 8, backend, () => {
    for (const j of tangentJobs) k.raw.tangentFrames(j.q, j.n, j.t);
  });
  ws.release();
}

const jsTime = new Map(rows.filter((r) => r.backend === 'js').map((r) => [r.task + r.input, r.ms]));
const table = markdownTable(
  ['task', 'input', 'backend', 'ms', 'MB/s of input', '× js'],
  rows.map((r) => [r.task, r.input, r.backend, fmt(r.ms, 3), fmt(r.mbPerSecond, 1), fmt(jsTime.get(r.task + r.input)! / r.ms, 2)]),
);
console.log(table);
console.log(`\nresults: ${writeResults('unigine', { rows })}`);
