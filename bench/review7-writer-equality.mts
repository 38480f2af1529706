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

function rng(s: number): () => number {
  let a = s >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAMES = ['root', 'a"quote', 'back\\slash', 'new\nline', 'tab\t', '\u2028sep', 'ünï', '\u0000nul', '', '</script>', 'joint 3', '😀', '\ud800lone'];

/** A random Asset grown from `s` (fresh arrays every call: the writers push warnings onto it). */
function assetOf(s: number): head.Asset {
  const r = rng(s);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const int = (n: number) => Math.floor(r() * n);
  const value = (): number => {
    const k = int(12);
    if (k === 0) return 0;
    if (k === 1) return -0;
    if (k === 2) return 1;
    if (k === 3) return pick([1e30, -3e38, 3.4e38, 1e-40, -1e-45, 65504, 2 ** 24 + 1]);
    if (k === 4) return int(7) - 3;
    return (r() - 0.5) * pick([1, 10, 1000]);
  };
  const jointCount = pick([0, 0, 1, 1, 2, 3, 5, 7]);
  const joints: head.Joint[] = [];
  for (let j = 0; j < jointCount; j++) {
    const rest = r() < 0.4;
    const tr: [number, number, number] = rest ? [pick([0, -0]), pick([0, -0]), 0] : [value(), value(), value()];
    const rk = int(6);
    const rot: [number, number, number, number] = rk === 0 ? [0, 0, 0, 1] : rk === 1 ? [0, 0, 0, 0] : rk === 2 ? [-0, 0, -0, 1] : rk === 3 ? [0, 0, 0, -1] : [value(), value(), value(), value()];
    const sk = int(6);
    const sc: [number, number, number] = sk < 2 ? [1, 1, 1] : sk === 2 ? [0, 1, 1] : sk === 3 ? [2, 2, 2] : [value(), value(), value()];
    joints.push({ name: r() < 0.7 ? pick(NAMES) : `j${j}`, parent: j === 0 || r() < 0.3 ? -1 : int(j), translation: tr, rotation: rot, scale: sc });
  }
  const meshes: head.Mesh[] = [];
  const meshCount = pick([0, 1, 1, 2, 3]);
  for (let m = 0; m < meshCount; m++) {
    const n = pick([0, 1, 3, 4, 9, 30]);
    const positions = new Float32Array(n * 3);
    for (let i = 0; i < positions.length; i++) positions[i] = r() < 0.03 ? pick([NaN, Infinity, -Infinity]) : r() < 0.05 ? value() : (r() - 0.5) * 20;
    const triangles = n === 0 ? 0 : pick([0, 1, n, 2 * n]);
    const indices = n > 255 ? new Uint16Array(triangles * 3) : new Uint8Array(triangles * 3);
    for (let i = 0; i < indices.length; i++) indices[i] = int(n);
    const attributes: head.MeshAttributes = { positions };
    if (r() < 0.5) {
      const normals = new Float32Array(n * 3);
      for (let v = 0; v < n; v++) { const x = r() - 0.5, y = r() - 0.5, z = r() - 0.5, l = Math.hypot(x, y, z) || 1; normals.set([x / l, y / l, z / l], v * 3); }
      attributes.normals = normals;
    }
    if (r() < 0.5) attributes.uvs = [Float32Array.from({ length: n * 2 }, () => r() * 2 - 0.5)];
    if (r() < 0.2) attributes.colors = Float32Array.from({ length: n * 4 }, () => r());
    if (jointCount > 0 && r() < 0.7) {
      attributes.joints = Uint16Array.from({ length: n * 4 }, () => int(jointCount));
      attributes.weights = Float32Array.from({ length: n * 4 }, (_, i) => (i % 4 === 0 ? 1 : r() < 0.3 ? r() : 0));
    }
    const mesh: head.Mesh = { name: r() < 0.5 ? pick(NAMES) : `m${m}`, attributes, indices };
    if (r() < 0.3) mesh.material = pick(['mat', 'a"b']);
    if (r() < 0.15 && n > 0) mesh.targets = [{ name: 't', positions: Float32Array.from({ length: n * 3 }, () => (r() - 0.5) * 0.1) }];
    meshes.push(mesh);
  }
  const animations: head.Animation[] = [];
  const animationCount = pick([0, 1, 1, 2]);
  for (let a = 0; a < animationCount; a++) {
    const rate = pick([24, 30, 25, 60, 1000, 7]);
    const tracks: head.Track[] = [];
    const shared = timesOf();
    const trackCount = 1 + int(4);
    const limit = jointCount > 0 ? jointCount : 4;
    for (let t = 0; t < trackCount; t++) {
      const times = r() < 0.5 ? shared : timesOf();
      const k = times.length;
      const track: head.Track = { joint: int(limit + (jointCount > 0 ? 0 : 2)), times };
      const channels = int(8);
      if (channels & 1 || channels === 0) track.translation = Float32Array.from({ length: k * 3 }, () => (r() < 0.2 ? value() : r() < 0.3 ? 0 : r() * 4 - 2));
      if (channels & 2) {
        const q = new Float32Array(k * 4);
        for (let i = 0; i < k; i++) { const x = r() - 0.5, y = r() - 0.5, z = r() - 0.5, w = r() - 0.5, l = r() < 0.1 ? 0.5 : Math.hypot(x, y, z, w); q.set([x / l, y / l, z / l, w / l], i * 4); }
        track.rotation = q;
      }
      if (channels & 4) track.scale = Float32Array.from({ length: k * 3 }, () => (r() < 0.3 ? 1 : r() < 0.1 ? value() : r() * 3));
      tracks.push(track);
    }
    animations.push({ name: pick(NAMES), frameRate: pick([rate, rate, 0, 2.5, 30]), frameCount: 10, tracks, ...(r() < 0.3 ? { loop: r() < 0.5 } : {}) });
    function timesOf(): Float32Array {
      const k = pick([1, 1, 2, 3, 5, 12]);
      const out = new Float32Array(k);
      let t = r() < 0.3 ? 0 : int(5) / rate;
      for (let i = 0; i < k; i++) {
        out[i] = t;
        const step = int(5);
        t += step === 0 ? 0 : step === 1 ? r() * 0.1 : int(3) / rate + 1 / rate;
      }
      return out;
    }
  }
  return { source: pick(['test', 'ms2', 'iqm', 'unigine', 'tf']), meshes, skeleton: jointCount > 0 || r() < 0.2 ? { joints } : undefined, animations, upAxis: pick([undefined, 'y', 'z'] as const), warnings: [] };
}

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
