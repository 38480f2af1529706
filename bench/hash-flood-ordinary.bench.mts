// Ordinary inputs through the welds that gained a probe budget, this tree against another
// (`git archive <commit> | tar -x -C DIR`, node_modules linked, `npm run build:wasm` there),
// wasm-simd, interleaved in one process, medians: weldVertices on 60k rows of 8 words (1 in 3
// repeated), weldStreams on 200k corners of 2 streams (UNIGINE-like: 1 in 8 corners sharing a
// tindex with another cindex) and of 3 (TF-like), weldWrittenVertices on 77k vertices, and
// Box47.mesh encoded with pruneUnread at gltfpack's precision (outputs checked equal first).
// Run: npx tsx bench/hash-flood-ordinary.bench.mts DIR [--rounds 31]
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
const before = process.argv[2];
if (!before) throw new Error('usage: bench/hash-flood-ordinary.bench.mts DIR');
const roundsAt = process.argv.indexOf('--rounds');
const rounds = roundsAt > 0 ? Number(process.argv[roundsAt + 1]) : 31;
const CORPUS = process.env.MESHCODEC_CORPUS ?? `${here}/../shared/corpus`;

let seed = 9;
const rnd = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
const rows = 60_000, stride = 8;
const words = new Uint32Array(rows * stride);
for (let i = 0; i < rows; i++) {
  const src = i && rnd() < 0.33 ? Math.floor(rnd() * i) : i;
  for (let j = 0; j < stride; j++) words[i * stride + j] = src === i ? (rnd() * 2 ** 32) >>> 0 : words[src * stride + j]!;
}
const n = 200_000, tv = 60_000;
const tind = Uint32Array.from({ length: n }, () => Math.floor(rnd() * tv));
const cOf = Uint32Array.from({ length: tv }, () => Math.floor(rnd() * 40_000));
const cind = Uint32Array.from(tind, (t) => (rnd() < 0.125 ? Math.floor(rnd() * 40_000) : cOf[t]!));
const third = Uint32Array.from({ length: n }, () => Math.floor(rnd() * 30_000));
const v = 77_000;
const pos = new Uint16Array(v * 4), nrm = new Int8Array(v * 4);
for (let i = 0; i < v; i++) {
  const src = i > 0 && rnd() < 0.1 ? Math.floor(rnd() * i) : i;
  for (let j = 0; j < 4; j++) {
    pos[i * 4 + j] = src === i ? Math.floor(rnd() * 16384) : pos[src * 4 + j]!;
    nrm[i * 4 + j] = src === i ? Math.floor(rnd() * 255) - 127 : nrm[src * 4 + j]!;
  }
}
const triangles = Uint32Array.from({ length: v - (v % 3) }, (_, i) => i);
const box47 = new Uint8Array(readFileSync(`${CORPUS}/unigine/Box47.mesh`));

const sides: Record<string, Record<string, () => unknown>> = {};
for (const [side, dir] of [['before', before], ['after', here]] as const) {
  const lib = await import(`${dir}/bindings/index.ts`);
  const { weldStreams } = await import(`${dir}/bindings/kernels/weld-streams.ts`);
  const { weldWrittenVertices } = await import(`${dir}/bindings/formats/gltf/weld-written-vertices.ts`);
  const { AT_GLTFPACK_PRECISION_PRUNED } = await import(`${dir}/bench/gltfpack-precision.ts`);
  await lib.initMeshopt();
  const k = lib.createKernelsSync('wasm-simd');
  const asset = lib.unigineFormat.parseSync(box47, { kernels: k });
  sides[side] = {
    weldVertices: () => k.weldVertices(words, stride),
    'weldStreams ×2': () => weldStreams(k, [cind, tind], [40_000, tv]),
    'weldStreams ×3': () => weldStreams(k, [cind, tind, third], [40_000, tv, 30_000]),
    weldWrittenVertices: () => weldWrittenVertices([{ type: 'VEC4', array: pos, options: {} }, { type: 'VEC4', array: nrm, options: {} }], triangles, v),
    'Box47 pruned GLB': () => lib.glbFormat.encodeSync(asset, { ...AT_GLTFPACK_PRECISION_PRUNED, kernels: k }),
  };
}
const a = sides.after!['Box47 pruned GLB']!() as Uint8Array, b = sides.before!['Box47 pruned GLB']!() as Uint8Array;
if (Buffer.compare(Buffer.from(a), Buffer.from(b)) !== 0) throw new Error('Box47: the two trees write different GLBs');
const med = (x: number[]) => [...x].sort((p, q) => p - q)[x.length >> 1]!;
console.log('| case | before ms | after ms | after ÷ before |\n|---|---|---|---|');
for (const name of Object.keys(sides.after!)) {
  const t: Record<string, number[]> = { before: [], after: [] };
  for (let r = 0; r < 8; r++) for (const s of ['before', 'after']) sides[s]![name]!();
  for (let r = 0; r < rounds; r++) {
    for (const s of r % 2 ? ['before', 'after'] : ['after', 'before']) {
      const start = performance.now();
      sides[s]![name]!();
      t[s]!.push(performance.now() - start);
    }
  }
  console.log(`| ${name} | ${med(t.before!).toFixed(2)} | ${med(t.after!).toFixed(2)} | ${(med(t.after!) / med(t.before!)).toFixed(3)} |`);
}
console.log(`load ${loadavg()[0].toFixed(1)}`);
