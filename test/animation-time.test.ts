// Time kept: every animation source → UNIGINE (.mesh and .anim) and → IQM → read back lasts as long
// as its source and has its keys at the same times, within one frame of the rate written; and the
// frame grids writers build are bounded (MAX_SAMPLED_FRAMES).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat, iqmFormat, unigineFormat, gltfFormat, MeshFormatError, type Animation, type Asset, type Track } from '../bindings/index.js';
import { animationDuration, MAX_SAMPLED_FRAMES, sampleChannel } from '../bindings/model/resample-animation.js';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { corpusAvailable, corpusPath } from './helpers/corpus.js';
import { siblingsOf } from './helpers/sibling-files.js';

const kernels = allKernels();
const FIXTURES = new URL('../fixtures/', import.meta.url).pathname;
const GLTF2 = '/usr/share/assimp/models/glTF2';
const MRFIXIT = '/usr/share/assimp/models/IQM/mrfixit.iqm';

function walk(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

/** Every file that may hold animations: fixtures, corpus IQM / UNIGINE .anim / TF .ani / apg, mrfixit, assimp's glTF samples that mention animations. */
function animationSources(): string[] {
  const files = walk(FIXTURES).filter((f) => /\.(iqm|anim|glb|gltf|apg|ani)$/.test(f));
  if (corpusAvailable) {
    files.push(...walk(corpusPath('iqm')).filter((f) => f.endsWith('.iqm')));
    files.push(...walk(corpusPath('unigine')).filter((f) => f.endsWith('.anim')));
    files.push(...walk(corpusPath('tf')).filter((f) => f.endsWith('.ani')));
    files.push(...walk(corpusPath('apg')).filter((f) => f.endsWith('.apg')));
  }
  if (existsSync(MRFIXIT)) files.push(MRFIXIT);
  files.push(...walk(GLTF2).filter((f) => /\.(gltf|glb)$/.test(f) && readFileSync(f).includes('"animations"')));
  return files;
}

const sources = animationSources();

function read(path: string): Asset | undefined {
  const bytes = new Uint8Array(readFileSync(path));
  const handler = detectFormat(bytes, path);
  if (!handler) return undefined;
  try {
    const asset = handler.parseSync(bytes, { fileName: path, resolve: siblingsOf(path), kernels: kernels.js });
    return asset.animations.some((a) => a.tracks.some((t) => t.times.length > 1)) ? asset : undefined;
  } catch (e) {
    if (e instanceof MeshFormatError && e.code !== 'INTERNAL') return undefined;
    throw e;
  }
}

const jointName = (asset: Asset, joint: number) => asset.skeleton?.joints[joint]?.name ?? `#${joint}`;

/** The value of `track`'s channel at `time` (linear, as the writers sample). */
function valueAt(track: Track, channel: 'translation' | 'rotation', time: number): Float32Array {
  return sampleChannel(track.times, track[channel]!, channel === 'rotation' ? 4 : 3, Float32Array.of(time));
}

/**
 * Whether `back`'s value at `time` is one the source takes within one frame of `time`: inside the
 * range of the source's values over [time − frame, time + frame] (its ends and the keys between),
 * with `slack` for quantization. Rotations are compared with their sign aligned to the source's.
 */
function withinOneFrame(source: Track, back: Track, channel: 'translation' | 'rotation', time: number, frame: number, slack: number): boolean {
  const components = channel === 'rotation' ? 4 : 3;
  const here = valueAt(source, channel, time);
  const samples = [valueAt(source, channel, time - frame), here, valueAt(source, channel, time + frame)];
  source.times.forEach((t, k) => { if (t > time - frame && t < time + frame) samples.push(source[channel]!.subarray(k * components, (k + 1) * components)); });
  const align = (q: Float32Array) => {
    if (channel !== 'rotation') return q;
    let dot = 0;
    for (let c = 0; c < 4; c++) dot += q[c]! * here[c]!;
    return dot < 0 ? q.map((v) => -v) : q;
  };
  const got = align(valueAt(back, channel, time));
  for (let c = 0; c < components; c++) {
    const values = samples.map((s) => align(s as Float32Array)[c]!);
    if (got[c]! < Math.min(...values) - slack || got[c]! > Math.max(...values) + slack) return false;
  }
  return true;
}

/** Checks `back` (the written file read back) against `source`: duration, and at up to 8 key times per track the values within one frame. */
function expectTimeKept(sourceAsset: Asset, source: Animation, backAsset: Asset, back: Animation, label: string): void {
  const frame = 1 / back.frameRate;
  expect(Math.abs(animationDuration(back) - animationDuration(source)), `${label}: duration ${animationDuration(back)} for ${animationDuration(source)}`).toBeLessThanOrEqual(frame + 1e-4);
  const backTracks = new Map(back.tracks.map((t) => [jointName(backAsset, t.joint), t]));
  let checked = 0;
  for (const track of source.tracks) {
    if (track.times.length < 2) continue;
    const other = backTracks.get(jointName(sourceAsset, track.joint));
    expect(other, `${label}: joint ${jointName(sourceAsset, track.joint)} has a track`).toBeDefined();
    for (const channel of ['translation', 'rotation'] as const) {
      if (!track[channel] || !other![channel]) continue;
      const values = track[channel]!;
      let range = 0;
      for (const v of values) range = Math.max(range, Math.abs(v));
      const slack = channel === 'rotation' ? 2e-3 : 2e-3 * (1 + range);
      const step = Math.max(1, Math.floor(track.times.length / 8));
      for (let k = 0; k < track.times.length; k += step) {
        const time = track.times[k]!;
        expect(withinOneFrame(track, other!, channel, time, frame, slack), `${label}: joint ${jointName(sourceAsset, track.joint)} ${channel} at ${time} s`).toBe(true);
        checked++;
      }
    }
  }
  expect(checked, `${label}: key times compared`).toBeGreaterThan(0);
}

describe('animation time is kept through the UNIGINE and IQM writers', () => {
  it('finds animation sources (fixtures, corpus, assimp samples when installed)', () => {
    expect(sources.filter((f) => read(f)).length).toBeGreaterThan(2);
  });

  describe.each(BACKENDS)('%s', (backend) => {
    const k = kernels[backend];
    it.each(sources.map((f) => [f.replace(/^.*\/(fixtures|corpus|models)\//, '$1/'), f]))('%s', (_, path) => {
      const asset = read(path);
      if (!asset) return; // no animation with more than one key (static files, or morph-weight only)
      const writers = [
        ['unigine .mesh', (a: Asset) => unigineFormat.parseSync(unigineFormat.encodeSync(a, { kind: 'mesh', kernels: k }), { kernels: k })],
        ['unigine .anim', (a: Asset) => unigineFormat.parseSync(unigineFormat.encodeSync(a, { kind: 'anim', kernels: k }), { kernels: k })],
        ['iqm', (a: Asset) => iqmFormat.parseSync(iqmFormat.encodeSync(a, { kernels: k }), { kernels: k })],
      ] as const;
      for (const [name, roundTrip] of writers) {
        const copy = structuredClone(asset);
        let back: Asset;
        try {
          back = roundTrip(copy);
        } catch (e) {
          // A writer may refuse what its format cannot hold (animations without a skeleton), naming the Asset path.
          expect(e, `${name}: ${String(e)}`).toBeInstanceOf(MeshFormatError);
          expect((e as MeshFormatError).code).not.toBe('INTERNAL');
          expect((e as MeshFormatError).path).toMatch(/^animations|^skeleton/);
          continue;
        }
        asset.animations.forEach((animation, a) => {
          if (!animation.tracks.some((t) => t.times.length > 1)) return;
          expectTimeKept(asset, animation, back, back.animations[a]!, `${name} ${animation.name}`);
        });
        if (name.startsWith('unigine')) {
          for (const animation of asset.animations) {
            if (animation.frameRate !== 30) expect(copy.warnings.some((w) => w.includes(`animation ${animation.name}: resampled from ${animation.frameRate} to 30`)), `${name}: rate change warned`).toBe(true);
          }
        }
      }
    }, 120_000);

    it('a 10-minute animation at 30 fps of two keys per joint is written, not refused', () => {
      const times = Float32Array.of(0, 600);
      const asset: Asset = {
        source: 'test', meshes: [], warnings: [],
        skeleton: { joints: [{ name: 'root', parent: -1, translation: [0, 0, 0], rotation: [0, 0, 0, 1], scale: [1, 1, 1] }] },
        animations: [{ name: 'long', frameRate: 30, frameCount: 18001, tracks: [{ joint: 0, times, translation: Float32Array.of(0, 0, 0, 600, 0, 0) }] }],
      };
      for (const back of [unigineFormat.parseSync(unigineFormat.encodeSync(structuredClone(asset), { kernels: k }), { kernels: k }), iqmFormat.parseSync(iqmFormat.encodeSync(structuredClone(asset), { kernels: k }), { kernels: k })]) {
        expect(animationDuration(back.animations[0]!)).toBeCloseTo(600, 3);
        expect(valueAt(back.animations[0]!.tracks[0]!, 'translation', 300)[0]).toBeCloseTo(300, 1);
      }
    });

    it('hostile gltf-2-keys-550000s: both writers refuse the grid (MeshFormatError naming the animation), nothing allocated for it', () => {
      const path = new URL('./hostile/gltf-2-keys-550000s__iqm-unigine-writers-100-200MB-1.8GB.gltf', import.meta.url).pathname;
      const asset = gltfFormat.parseSync(new Uint8Array(readFileSync(path)), { kernels: k });
      for (const encode of [() => unigineFormat.encodeSync(structuredClone(asset), { kernels: k }), () => iqmFormat.encodeSync(structuredClone(asset), { kernels: k })]) {
        let error: unknown;
        try { encode(); } catch (e) { error = e; }
        expect(error).toBeInstanceOf(MeshFormatError);
        expect((error as MeshFormatError).code).toBe('BAD_COUNT');
        expect((error as MeshFormatError).path).toBe('animations[0]');
        expect((error as MeshFormatError).message).toContain(`${MAX_SAMPLED_FRAMES} frames per animation`);
      }
    });
  });
});
