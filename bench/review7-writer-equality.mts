// Review of h-wjit (round seven): the glTF/GLB writers of this tree against another tree's (the
// base, 8d0ff42 before h-wjit) on random Assets, every backend; outputs (bytes, or the error's
// code and message) and the warnings each call left must be identical.
//
//   git archive 8d0ff42 | tar -x -C /tmp/r7base; ln -s $PWD/node_modules /tmp/r7base/node_modules
//   cp bindings/kernels/wasm-binaries.generated.ts /tmp/r7base/bindings/kernels/
//   npx tsx bench/review7-writer-equality.mts /tmp/r7base [runs] [seed]
//
// Random Assets (fast-check drives a seed and the options; the Asset is grown from the seed, as
// test/helpers/asset-fuzz.ts says why): skeletons of 0–7 joints (rest and non-rest TRS, -0, zero
// and huge scales, identity and non-unit rotations, names JSON must escape, nested and flat),
// meshes skinned or not (NaN/Inf/huge positions, 0/1/n vertices), animations of tracks with
// shared, duplicate-time, one-key and off-grid times, translation/rotation/scale present or not,
// tracks of joints beyond the skeleton; quantize off / true / random bits, compress none / meshopt,
// upAxis, pruneUnread, mergeMeshes; glb, gltf, and gltf's encodeFiles (a .bin beside it).
import fc from 'fast-check';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import * as head from '../bindings/index.js';
import { randomWriterAsset as assetOf } from '../test/helpers/random-writer-asset.js';
import { wholeFrameRate as headWhole, frameRateOfTimes } from '../bindings/formats/gltf/frame-rate.js';

const baseDir = resolve(process.argv[2] ?? '/tmp/r7base');
const runs = Number(process.argv[3] ?? 300);
const seed = Number(process.argv[4] ?? 7);
const base = (await import(pathToFileURL(`${baseDir}/bindings/index.ts`).href)) as typeof head;
const baseFrameRate = (await import(pathToFileURL(`${baseDir}/bindings/formats/gltf/frame-rate.ts`).href)) as { wholeFrameRate: typeof headWhole };
await head.initMeshopt();
await base.initMeshopt();

const BACKENDS = ['wasm-simd', 'wasm-scalar', 'js'] as const;
const headKernels = Object.fromEntries(BACKENDS.map((b) => [b, head.createKernelsSync(b)]));
const baseKernels = Object.fromEntries(BACKENDS.map((b) => [b, base.createKernelsSync(b)]));

const quantizeArb = fc.oneof(
  fc.constant(false),
  fc.constant(true),
  fc.record({
    position: fc.constantFrom(8, 14, 16, 'float'),
    normal: fc.constantFrom(8, 16, 'oct8', 'float'),
    uv: fc.constantFrom(8, 12, 16, 'float'),
    rotation: fc.constantFrom(16, 12, 'float'),
    translation: fc.constantFrom(24, 16, 'float'),
    weight: fc.constantFrom(8, 16, 'float'),
  }, { requiredKeys: [] }),
);
const optionsArb = fc.record({
  quantize: quantizeArb,
  compress: fc.constantFrom('none', 'meshopt'),
  upAxis: fc.constantFrom('y', 'keep'),
  pruneUnread: fc.boolean(),
  mergeMeshes: fc.boolean(),
  format: fc.constantFrom('glb', 'gltf', 'gltf files'),
});

type Outcome = { bytes?: string; error?: string; warnings: string[] };
function run(lib: typeof head, kernels: head.Kernels, s: number, o: Record<string, unknown>): Outcome {
  const asset = assetOf(s);
  const format = o.format === 'glb' ? lib.glbFormat : lib.gltfFormat;
  try {
    if (o.format === 'gltf files') {
      const files = lib.gltfFormat.encodeFiles!(asset, 'out.gltf', { ...o, kernels, embedBuffers: false } as never);
      return { bytes: files.map((f) => `${f.name}:${Buffer.from(f.bytes).toString('base64')}`).join(' '), warnings: asset.warnings };
    }
    const bytes = format.encodeSync(asset, { ...o, kernels } as never);
    return { bytes: Buffer.from(bytes).toString('base64'), warnings: asset.warnings };
  } catch (error) {
    const e = error as { code?: string; message?: string };
    return { error: `${e.code} ${e.message}`, warnings: asset.warnings };
  }
}

let written = 0, refused = 0, skinned = 0, animated = 0;
const reached: Record<string, number> = {};
/** What a written file holds that this review is about, counted (the coverage of the random Assets). */
function count(bytes: string): void {
  const raw = Buffer.from(bytes, 'base64');
  const text = raw.readUInt32LE(0) === 0x46546c67 ? raw.subarray(20, 20 + raw.readUInt32LE(12)).toString('utf8') : raw.toString('utf8');
  const json = JSON.parse(text) as { nodes?: Record<string, unknown>[]; skins?: { joints: number[] }[]; animations?: { extras?: unknown; samplers: unknown[] }[]; accessors?: unknown[] };
  const add = (k: string, yes: boolean) => { if (yes) reached[k] = (reached[k] ?? 0) + 1; };
  const joints = new Set((json.skins ?? []).flatMap((s) => s.joints));
  const jn = (json.nodes ?? []).filter((_, i) => joints.has(i));
  add('skin of 1 joint', (json.skins ?? []).some((s) => s.joints.length === 1));
  add('joint at rest (name only)', jn.some((n) => Object.keys(n).length === 1));
  add('joint with translation only', jn.some((n) => n.translation && !n.rotation && !n.scale));
  add('joint with rotation', jn.some((n) => n.rotation !== undefined));
  add('joint with scale', jn.some((n) => n.scale !== undefined));
  add('joint with children', jn.some((n) => n.children !== undefined));
  add('nested joints (grandchild)', jn.some((n) => (n.children as number[] | undefined)?.some((c) => (json.nodes![c]!.children as unknown) !== undefined) ?? false));
  add('escaped joint name', /\\["\\nt\\/u]/.test(JSON.stringify(jn.map((n) => n.name))));
  add('bare joint nodes', (json.nodes ?? []).some((n) => /^joint \d+$/.test(String(n.name)) && n.mesh === undefined));
  add('EXPONENTIAL', text.includes('"EXPONENTIAL"'));
  add('animation extras.frameRate', (json.animations ?? []).some((a) => a.extras !== undefined));
  add('compressed', text.includes('EXT_meshopt_compression'));
  add('quantized', text.includes('KHR_mesh_quantization'));
  add('null in JSON', text.includes('null'));
}
fc.assert(
  fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), optionsArb, (s, o) => {
    for (const b of BACKENDS) {
      const before = run(base, baseKernels[b]!, s, o);
      const after = run(head, headKernels[b]!, s, o);
      if (JSON.stringify(before) !== JSON.stringify(after)) {
        throw new Error(`differs on ${b}, asset seed ${s}, options ${JSON.stringify(o)}:\nbase  ${JSON.stringify(before).slice(0, 400)}\nhead  ${JSON.stringify(after).slice(0, 400)}`);
      }
      if (b === 'js') {
        if (after.bytes) { written++; if (o.format !== 'gltf files') count(after.bytes); } else refused++;
        const a = assetOf(s);
        if (a.skeleton?.joints.length) skinned++;
        if (a.animations.length) animated++;
      }
    }
  }),
  { numRuns: runs, seed },
);
console.log(reached);
console.log(`writers: ${runs} random Assets × options, 3 backends, identical (written ${written}, refused ${refused}; with skeleton ${skinned}, animated ${animated})`);

// frameRateOfTimes / wholeFrameRate against the base's wholeFrameRate on random time lists
// (unsorted, duplicates, NaN, ±Infinity, one key, empty, long, shared arrays).
const timeList = fc.oneof(
  fc.array(fc.float({ noDefaultInfinity: false, noNaN: false }), { maxLength: 20 }).map((xs) => Float32Array.from(xs)),
  fc.tuple(fc.constantFrom(24, 30, 25, 60, 1000, 1, 7, 0.5, 1001), fc.array(fc.nat(400), { maxLength: 30 }), fc.boolean()).map(([rate, frames, sort]) => {
    const f = sort ? [...frames].sort((a, b) => a - b) : frames;
    return Float32Array.from(f, (k) => k / rate);
  }),
  fc.tuple(fc.constantFrom(30, 60), fc.nat(100_000)).map(([rate, n]) => Float32Array.from({ length: n }, (_, k) => k / rate)),
);
let defined = 0;
fc.assert(
  fc.property(fc.array(timeList, { minLength: 0, maxLength: 5 }), fc.array(fc.nat(4), { maxLength: 6 }), (lists, picks) => {
    const tracks = lists.map((times) => ({ joint: 0, times }));
    for (const p of picks) if (lists.length) tracks.push({ joint: 0, times: lists[p % lists.length]! });
    const old = baseFrameRate.wholeFrameRate(tracks);
    const now = headWhole(tracks);
    const set = new Set(tracks.map((t) => t.times));
    const direct = frameRateOfTimes(set);
    if (!Object.is(old, now) || !Object.is(old, direct)) throw new Error(`frame rate ${old} → ${now} / ${direct}`);
    if (old !== undefined) defined++;
  }),
  { numRuns: runs * 10, seed },
);
console.log(`frame rate: ${runs * 10} random time-list sets identical (${defined} with a rate)`);
