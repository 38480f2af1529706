// Hand-built Assets, fuzzed: random shapes and values (wrong types, NaN and infinities, huge and
// negative counts, missing and extra fields, arrays sharing one buffer, empty everything) fed to
// every writer of the registry on every backend. The contract: each call gives bytes or a
// MeshFormatError that is not INTERNAL, within HANG_MS; every backend gives the same outcome
// (the same bytes, or the same error code and path); a refusal names the Asset path; what was
// written, the writer's own reader reads back (the classes of KNOWN_CLOSURE_FAILURES excepted).
//
// Generation is by a seeded generator rather than fast-check arbitraries: an Asset is a tree of
// typed arrays whose lengths depend on each other, so random trees would almost all stop at
// validateAsset's first check. Starting from valid Assets (the tube, the rich tube, random small
// ones) and breaking one to four places reaches the writers: in a run of 10,000 Assets (seed
// 200), 4,231 were written by the glb writer and the rest refused by the gate (format 'asset').
//
// A call slower than HANG_MS on an Asset whose frame grid needs more than 2^20 keys is the
// writers' documented limit (MAX_SAMPLED_KEYS, README § Limits: near 2^24 keys a UNIGINE or IQM
// write takes seconds), counted apart (`known.resampleUpToMaxSampledKeys`), not a finding.
import { createKernelsSync, FORMATS, MeshFormatError, type Asset, type BackendName, type FormatHandler, type Kernels, type Track } from '../../bindings/index.js';
import { tubeAsset } from '../../fixtures/tube-asset.js';
import { rng } from './backends.js';
import { HANG_MS } from './fuzz.js';
import { isKnownClosureFailure } from './known-closure-failures.js';
import { richTubeAsset } from './synthetic.js';

export const ASSET_FUZZ_BACKENDS: BackendName[] = ['wasm-simd', 'wasm-scalar', 'js'];

/** One way of writing an Asset: a registered writer with the options that pick its kinds of file. */
export interface WriterCall {
  name: string;
  format: FormatHandler;
  /** The files written, the main one first, each under the name its reader resolves it by. */
  files(asset: Asset, kernels: Kernels): { name: string; bytes: Uint8Array }[];
}

/** Every writer call of the registry: `encodeSync`, `encodeFiles` where the format has it, and each kind of file. */
export function writerCalls(): WriterCall[] {
  const calls: WriterCall[] = [];
  const call = (name: string, format: FormatHandler, fileName: string, files: boolean) => calls.push({
    name,
    format,
    files: (asset, kernels) => (files ? format.encodeFiles!(asset, fileName, { kernels }) : [{ name: fileName, bytes: format.encodeSync(asset, { kernels, fileName }) }]),
  });
  for (const format of FORMATS) {
    const ext = format.extensions[0]!;
    call(`${format.name}.encodeSync`, format, `out${ext}`, false);
    if (format.encodeFiles) call(`${format.name}.encodeFiles`, format, `out${ext}`, true);
  }
  call('unigine.encodeSync(anim)', FORMATS.find((f) => f.name === 'unigine')!, 'out.anim', false);
  call('tf.encodeFiles(ani)', FORMATS.find((f) => f.name === 'tf')!, 'out.ani', true);
  return calls;
}


/**
 * Keys the UNIGINE and IQM writers build for an Asset when they put its animations on a frame
 * grid (frames to cover the keys, or the frame count, × its tracks): a call slower than HANG_MS
 * on an Asset above 2^20 of them is the documented limit, not a finding.
 */
export function gridKeys(asset: Asset): number {
  let keys = 0;
  for (const animation of asset.animations) {
    let end = 0;
    for (const track of animation.tracks) if (track.times.length) end = Math.max(end, track.times[track.times.length - 1]!);
    const frames = Math.max(animation.frameCount, Math.round(end * animation.frameRate) + 1);
    keys += frames * Math.max(1, animation.tracks.length, asset.skeleton?.joints.length ?? 0);
  }
  return keys;
}

export type WriteOutcome = { ok: true; files: { name: string; bytes: Uint8Array }[] } | { ok: false; code: string; path: string | undefined; message: string };

/** A broken writer contract, with what reproduces it. */
export class WriterContractViolation extends Error {}

/** Runs `call` on `asset` (a fresh structured clone per backend) and checks the contract. */
export function checkWriterContract(call: WriterCall, asset: Asset, kernels: Record<BackendName, Kernels>): WriteOutcome {
  const outcomes: WriteOutcome[] = [];
  for (const backend of ASSET_FUZZ_BACKENDS) {
    const copy = structuredClone(asset);
    const started = performance.now();
    let outcome: WriteOutcome;
    try {
      outcome = { ok: true, files: call.files(copy, kernels[backend]) };
    } catch (error) {
      if (!(error instanceof MeshFormatError)) throw new WriterContractViolation(`${call.name} on ${backend}: threw ${error instanceof Error ? error.stack : String(error)}, not a MeshFormatError`);
      if (error.code === 'INTERNAL') throw new WriterContractViolation(`${call.name} on ${backend}: ${error.message}; cause: ${(error.cause as Error)?.stack ?? String(error.cause)}`);
      outcome = { ok: false, code: error.code, path: error.path, message: error.message };
    }
    const ms = performance.now() - started;
    if (ms > HANG_MS) throw new WriterContractViolation(`${call.name} on ${backend}: took ${ms.toFixed(0)} ms`);
    outcomes.push(outcome);
  }
  const [first, ...rest] = outcomes;
  rest.forEach((other, i) => {
    if (!sameOutcome(first!, other)) throw new WriterContractViolation(`${call.name}: ${ASSET_FUZZ_BACKENDS[0]} ${describeOutcome(first!)}, ${ASSET_FUZZ_BACKENDS[i + 1]} ${describeOutcome(other)}`);
  });
  return first!;
}

function sameOutcome(a: WriteOutcome, b: WriteOutcome): boolean {
  if (!a.ok || !b.ok) return !a.ok && !b.ok && a.code === b.code && a.path === b.path;
  return a.files.length === b.files.length && a.files.every(({ bytes }, i) => bytes.length === b.files[i]!.bytes.length && bytes.every((v, k) => v === b.files[i]!.bytes[k]));
}

function describeOutcome(o: WriteOutcome): string {
  return o.ok ? `wrote ${o.files.map((f) => f.bytes.length).join(' + ')} bytes` : `refused (${o.code} at ${o.path}: ${o.message})`;
}

// ---- generation ---------------------------------------------------------------------------

type Next = () => number;

const WEIRD_NUMBERS = [NaN, Infinity, -Infinity, -1, 0, -0, 0.5, 1.5, 2 ** 31 - 1, 2 ** 32, 1e308, -1e308, 1e-45, 65535, 65536, Number.MAX_SAFE_INTEGER + 2];

const pick = <T>(next: Next, items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
const int = (next: Next, n: number) => Math.floor(next() * n);

/** A value of a random kind: what a hand-built Asset might hold where it should not. */
function weirdValue(next: Next): unknown {
  switch (int(next, 12)) {
    case 0: return pick(next, WEIRD_NUMBERS);
    case 1: return pick(next, ['', 'x', 'y', 'z', 'name\0with nul', '\ud800', 'ü'.repeat(3)]);
    case 2: return null;
    case 3: return undefined;
    case 4: return {};
    case 5: return [];
    case 6: return pick(next, [true, false]);
    case 7: return [1, 2, 3];
    case 8: return new (pick(next, [Float32Array, Float64Array, Uint8Array, Uint16Array, Uint32Array, Int16Array, Int32Array]))(pick(next, [0, 1, 3, 4, 12, 64]));
    case 9: return new Float32Array(pick(next, [0, 3, 4, 9, 16])).fill(pick(next, WEIRD_NUMBERS));
    case 10: return [NaN, Infinity, -0];
    default: return { components: pick(next, WEIRD_NUMBERS), data: new Float32Array(int(next, 8)) };
  }
}

/** A small valid Asset with random sizes and random optional parts. */
function randomAsset(next: Next): Asset {
  const vertexCount = pick(next, [0, 1, 3, 4, 7, 256, 257, 300]);
  const f32 = (n: number, scale = 2) => Float32Array.from({ length: n }, () => (next() * 2 - 1) * scale);
  const jointCount = pick(next, [0, 0, 1, 2, 5]);
  const triangles = vertexCount ? int(next, 20) : 0;
  const width = vertexCount <= 256 ? pick(next, [1, 2, 4]) : pick(next, [2, 4]);
  const indices = (width === 1 ? new Uint8Array(triangles * 3) : width === 2 ? new Uint16Array(triangles * 3) : new Uint32Array(triangles * 3)).map(() => int(next, vertexCount));
  const attributes: Asset['meshes'][number]['attributes'] = { positions: f32(vertexCount * 3) };
  if (next() < 0.6) attributes.normals = f32(vertexCount * 3, 1);
  if (next() < 0.4) attributes.tangents = Float32Array.from({ length: vertexCount * 4 }, (_, i) => (i % 4 === 3 ? pick(next, [1, -1, 0]) : next() * 2 - 1));
  if (next() < 0.6) attributes.uvs = Array.from({ length: 1 + int(next, 3) }, () => f32(vertexCount * 2, 1));
  if (next() < 0.3) attributes.colors = f32(vertexCount * 4, 1.2);
  if (jointCount && next() < 0.7) {
    attributes.joints = Uint16Array.from({ length: vertexCount * 4 }, () => int(next, jointCount));
    attributes.weights = Float32Array.from({ length: vertexCount * 4 }, () => pick(next, [0, 0.25, 0.5, 1, next()]));
  }
  const mesh: Asset['meshes'][number] = { name: pick(next, ['', 'body', 'a b', 'mesh\nline']), attributes, indices };
  if (next() < 0.5) mesh.material = pick(next, ['', 'mat', 'body']);
  if (next() < 0.3) mesh.targets = Array.from({ length: 1 + int(next, 3) }, (_, t) => ({ name: `t${t}`, positions: f32(vertexCount * 3, 0.1), ...(next() < 0.5 ? { normals: f32(vertexCount * 3, 0.1) } : {}) }));
  if (next() < 0.2) mesh.extras = { heat: { components: 1 + int(next, 6), data: new Float32Array(0) } };
  if (mesh.extras) mesh.extras.heat!.data = f32(vertexCount * mesh.extras.heat!.components);
  const joints = Array.from({ length: jointCount }, (_, j) => ({
    name: `j${j}`,
    parent: j === 0 ? -1 : int(next, j + 1) - 1,
    translation: [next(), next(), next()] as [number, number, number],
    rotation: [0, 0, Math.sin(next()), Math.cos(next())] as [number, number, number, number],
    scale: [1, 1, 1] as [number, number, number],
  }));
  const animations = Array.from({ length: int(next, 3) }, (_, a) => {
    const frameRate = pick(next, [24, 30, 60, 0.5, 1000]);
    const keys = pick(next, [0, 1, 2, 5, 16]);
    const onGrid = next() < 0.5;
    const span = pick(next, [0, 0.1, 1, 10, 100]);
    const times = Float32Array.from({ length: keys }, (_, k) => (onGrid ? k / frameRate : (span * k) / Math.max(1, keys - 1)));
    const tracks: Track[] = Array.from({ length: int(next, jointCount + 2) }, () => {
      const track: Track = { joint: int(next, Math.max(1, jointCount)), times };
      if (next() < 0.7) track.translation = f32(keys * 3);
      if (next() < 0.7) track.rotation = f32(keys * 4, 1);
      if (next() < 0.4) track.scale = f32(keys * 3);
      return track;
    });
    return { name: `anim${a}`, frameRate, frameCount: onGrid ? keys : pick(next, [0, keys, 100]), ...(next() < 0.5 ? { loop: next() < 0.5 } : {}), tracks };
  });
  const asset: Asset = { source: 'fuzz', meshes: next() < 0.85 ? [mesh] : [], animations, warnings: [] };
  if (jointCount || next() < 0.2) asset.skeleton = { joints };
  if (next() < 0.6) asset.upAxis = pick(next, ['y', 'z'] as const);
  if (next() < 0.3) asset.meshes.push({ ...mesh, name: 'second' });
  return asset;
}

/** Every place in the Asset a mutation can reach: [holder, key] pairs, typed arrays as leaves. */
function places(root: unknown): [Record<string | number, unknown>, string | number][] {
  const found: [Record<string | number, unknown>, string | number][] = [];
  const walk = (value: unknown, depth: number) => {
    if (depth > 8 || value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return;
    const holder = value as Record<string | number, unknown>;
    const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
    for (const key of keys) {
      found.push([holder, key]);
      walk(holder[key], depth + 1);
    }
  };
  walk(root, 0);
  return found;
}

function typedArrays(root: unknown): [Record<string | number, unknown>, string | number, Float32Array | Uint8Array | Uint16Array | Uint32Array][] {
  return places(root).filter(([h, k]) => ArrayBuffer.isView(h[k])).map(([h, k]) => [h, k, h[k] as Float32Array]);
}

const EXTRA_KEYS = ['extra', 'targets', 'extras', 'loop', 'material', 'upAxis', 'skeleton', 'uvs', 'joints', 'weights', 'colors', '__proto__x'];

/** One to four random breakages of a valid Asset. */
function breakAsset(asset: Asset, next: Next): void {
  const edits = 1 + int(next, 4);
  for (let e = 0; e < edits; e++) {
    // An edit that an earlier one made impossible (a mesh that is now a number) is skipped.
    try {
      breakOnce(asset, next);
    } catch {
      // the Asset stays as the earlier edits left it
    }
  }
}

function breakOnce(asset: Asset, next: Next): void {
  {
    const kind = int(next, 9);
    const all = places(asset);
    const arrays = typedArrays(asset);
    if (kind === 0 && all.length) {
      const [holder, key] = pick(next, all);
      holder[key] = weirdValue(next);
    } else if (kind === 1 && all.length) {
      const [holder, key] = pick(next, all);
      if (Array.isArray(holder)) holder.splice(Number(key), 1);
      else delete holder[key];
    } else if (kind === 2 && all.length) {
      const objects = all.map(([h, k]) => h[k]).filter((v): v is Record<string, unknown> => !!v && typeof v === 'object' && !ArrayBuffer.isView(v) && !Array.isArray(v));
      if (objects.length) pick(next, objects)[pick(next, EXTRA_KEYS)] = weirdValue(next);
    } else if (kind === 3 && arrays.length) {
      // A value of an array set to an edge value (NaN, ±inf, huge, −0, an index past the end).
      const [, , values] = pick(next, arrays);
      if (values.length) values[int(next, values.length)] = values instanceof Float32Array ? pick(next, WEIRD_NUMBERS) : pick(next, [0, 1, 255, 256, 65535, 0xffffffff]);
    } else if (kind === 4 && arrays.length) {
      // An array one element shorter or longer, or emptied.
      const [holder, key, values] = pick(next, arrays);
      const ctor = values.constructor as new (n: number) => typeof values;
      const length = pick(next, [0, Math.max(0, values.length - 1), values.length + 1, values.length * 2]);
      const resized = new ctor(length);
      resized.set(values.subarray(0, Math.min(length, values.length)));
      holder[key] = resized;
    } else if (kind === 5 && arrays.length >= 2) {
      // Two arrays sharing one buffer: one becomes a view over the other's memory.
      const [, , source] = pick(next, arrays);
      const [holder, key, target] = pick(next, arrays);
      if (target.constructor === source.constructor && source.length >= target.length) holder[key] = source.subarray(0, target.length);
      else if (target.constructor === source.constructor) holder[key] = source;
    } else if (kind === 6) {
      // Counts at their boundaries.
      const animation = asset.animations[int(next, Math.max(1, asset.animations.length))];
      if (animation) {
        if (next() < 0.5) animation.frameCount = pick(next, [0, 1, 2 ** 24 + 1, 2 ** 31 - 1, 2 ** 53 - 1, 2 ** 53, -5, 0.5]);
        else animation.frameRate = pick(next, [1e-30, 0.001, 1, 2 ** 31 - 1, 1e12, -5, 0]);
      }
    } else if (kind === 7) {
      // Empty everything, or one part of it.
      const part = int(next, 4);
      if (part === 0) { asset.meshes = []; asset.animations = []; delete asset.skeleton; }
      else if (part === 1) asset.meshes.forEach((m) => { m.attributes = { positions: new Float32Array(0) }; m.indices = new Uint8Array(0); });
      else if (part === 2) asset.animations.forEach((a) => { a.tracks = a.tracks.map((t) => ({ joint: t.joint, times: new Float32Array(0) })); });
      else if (asset.skeleton) asset.skeleton.joints = [];
    } else {
      // Joint numbers at the skeleton's edge.
      const track = asset.animations.flatMap((a) => a.tracks)[0];
      const joints = asset.meshes[0]?.attributes.joints;
      const count = asset.skeleton?.joints.length ?? 0;
      if (track && next() < 0.5) track.joint = pick(next, [count, count - 1, 65535, 65536, -1]);
      else if (joints?.length) joints[int(next, joints.length)] = pick(next, [count, Math.max(0, count - 1), 65535]);
    }
  }
}

/** One hand-built Asset from `next`: a valid one (the tube, the rich tube, a random one), broken in one to four places, or left valid. */
export function handBuiltAsset(next: Next): Asset {
  const base = int(next, 5);
  const asset = base === 0 ? tubeAsset() : base === 1 ? richTubeAsset() : randomAsset(next);
  if (next() < 0.85) breakAsset(asset, next);
  return asset;
}

export interface AssetFuzzReport {
  assets: number;
  calls: number;
  /** Outcomes per writer call: 'ok' or the error code. */
  outcomes: Record<string, Record<string, number>>;
  /** Refusals that name neither an Asset path nor a position, per writer call: message → count. */
  withoutPath: Record<string, number>;
  /** Calls slow only because the Asset's grid is near MAX_SAMPLED_KEYS (the documented limit), counted instead of reported. */
  known: { resampleUpToMaxSampledKeys: number };
  /** Contract violations (each with the seed and index that reproduce it). */
  findings: string[];
}

/**
 * Fuzzes `count` hand-built Assets through every writer call on every backend, from `seed` (a
 * number, or a generator function returning numbers in [0, 1)). For the long run
 * (test/fuzz/long-run.ts) and test/asset-fuzz.test.ts. Asset i of seed s is reproduced by
 * `handBuiltAsset` after i earlier Assets from the same generator.
 */
export function fuzzHandBuiltAsset(seed: number | Next, count: number, kernels: Record<BackendName, Kernels> = assetFuzzKernels()): AssetFuzzReport {
  const next = typeof seed === 'number' ? rng(seed) : seed;
  const calls = writerCalls();
  const report: AssetFuzzReport = { assets: 0, calls: 0, outcomes: {}, withoutPath: {}, known: { resampleUpToMaxSampledKeys: 0 }, findings: [] };
  const seedName = typeof seed === 'number' ? String(seed) : '(generator)';
  for (let i = 0; i < count; i++) {
    const asset = handBuiltAsset(next);
    report.assets++;
    for (const call of calls) {
      report.calls++;
      const byCode = (report.outcomes[call.name] ??= {});
      try {
        const outcome = checkWriterContract(call, asset, kernels);
        const key = outcome.ok ? 'ok' : outcome.code;
        byCode[key] = (byCode[key] ?? 0) + 1;
        if (!outcome.ok && outcome.path === undefined) {
          const message = `${call.name}: ${outcome.message.replace(/\d+/g, 'N')}`;
          report.withoutPath[message] = (report.withoutPath[message] ?? 0) + 1;
          if (!isKnownClosureFailure(call.name, { kind: 'refused without path', message: outcome.message })) report.findings.push(`seed ${seedName} asset ${i}: ${call.name} refused it without an Asset path: ${outcome.message}`);
        }
        if (outcome.ok) {
          // Closure: what a writer wrote, its own reader reads back.
          const [main] = outcome.files;
          try {
            call.format.parseSync(main!.bytes, { kernels: kernels[ASSET_FUZZ_BACKENDS[0]!], fileName: main!.name, resolve: (n) => outcome.files.find((f) => f.name === n)?.bytes });
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            if (!isKnownClosureFailure(call.name, { kind: 'unreadable output', message })) report.findings.push(`seed ${seedName} asset ${i}: ${call.name} wrote a file its reader refuses: ${message}`);
          }
        }
      } catch (error) {
        if (!(error instanceof WriterContractViolation)) throw error;
        const slowResample = /^(unigine|iqm)\./.test(call.name) && / took \d+ ms$/.test(error.message) && safeGridKeys(asset) > 2 ** 20;
        if (slowResample) report.known.resampleUpToMaxSampledKeys++;
        else report.findings.push(`seed ${seedName} asset ${i}: ${error.message}`);
      }
    }
  }
  return report;
}

/** gridKeys of an Asset whose shape may be broken (0 when it cannot be counted). */
function safeGridKeys(asset: Asset): number {
  try {
    const keys = gridKeys(asset);
    return Number.isFinite(keys) ? keys : 0;
  } catch {
    return 0;
  }
}

/** One Kernels per backend, with a small memory cap so that memory given back is exercised too. */
export function assetFuzzKernels(): Record<BackendName, Kernels> {
  return Object.fromEntries(ASSET_FUZZ_BACKENDS.map((b) => [b, createKernelsSync(b, 8 * 1024 * 1024)])) as Record<BackendName, Kernels>;
}
