// Random valid-looking Assets for comparing and stressing the glTF writers (review of round seven):
// grown from a seed (test/helpers/asset-fuzz.ts says why not fast-check arbitraries), each call a
// fresh Asset (the writers push warnings onto it). Skeletons of 0–7 joints (at rest and not, -0,
// zero and huge scales, identity, zero and non-unit rotations, names JSON must escape, nested and
// flat), meshes skinned or not (NaN/Inf/huge positions, 0/1/n vertices, normals, UVs, colours,
// morph targets, materials), animations of tracks with shared, duplicate-time, one-key and
// off-grid times, translation/rotation/scale present or not, tracks of joints beyond the skeleton.
import type { Animation, Asset, Joint, Mesh, MeshAttributes, Track } from '../../bindings/index.js';
import { rng } from './backends.js';

const NAMES = ['root', 'a"quote', 'back\\slash', 'new\nline', 'tab\t', '\u2028sep', 'ünï', '\u0000nul', '', '</script>', 'joint 3', '😀', '\ud800lone'];

/** A random Asset grown from `s` (fresh arrays every call: the writers push warnings onto it). */
export function randomWriterAsset(s: number): Asset {
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
  const joints: Joint[] = [];
  for (let j = 0; j < jointCount; j++) {
    const rest = r() < 0.4;
    const tr: [number, number, number] = rest ? [pick([0, -0]), pick([0, -0]), 0] : [value(), value(), value()];
    const rk = int(6);
    const rot: [number, number, number, number] = rk === 0 ? [0, 0, 0, 1] : rk === 1 ? [0, 0, 0, 0] : rk === 2 ? [-0, 0, -0, 1] : rk === 3 ? [0, 0, 0, -1] : [value(), value(), value(), value()];
    const sk = int(6);
    const sc: [number, number, number] = sk < 2 ? [1, 1, 1] : sk === 2 ? [0, 1, 1] : sk === 3 ? [2, 2, 2] : [value(), value(), value()];
    joints.push({ name: r() < 0.7 ? pick(NAMES) : `j${j}`, parent: j === 0 || r() < 0.3 ? -1 : int(j), translation: tr, rotation: rot, scale: sc });
  }
  const meshes: Mesh[] = [];
  const meshCount = pick([0, 1, 1, 2, 3]);
  for (let m = 0; m < meshCount; m++) {
    const n = pick([0, 1, 3, 4, 9, 30]);
    const positions = new Float32Array(n * 3);
    for (let i = 0; i < positions.length; i++) positions[i] = r() < 0.03 ? pick([NaN, Infinity, -Infinity]) : r() < 0.05 ? value() : (r() - 0.5) * 20;
    const triangles = n === 0 ? 0 : pick([0, 1, n, 2 * n]);
    const indices = n > 255 ? new Uint16Array(triangles * 3) : new Uint8Array(triangles * 3);
    for (let i = 0; i < indices.length; i++) indices[i] = int(n);
    const attributes: MeshAttributes = { positions };
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
    const mesh: Mesh = { name: r() < 0.5 ? pick(NAMES) : `m${m}`, attributes, indices };
    if (r() < 0.3) mesh.material = pick(['mat', 'a"b']);
    if (r() < 0.15 && n > 0) mesh.targets = [{ name: 't', positions: Float32Array.from({ length: n * 3 }, () => (r() - 0.5) * 0.1) }];
    meshes.push(mesh);
  }
  const animations: Animation[] = [];
  const animationCount = pick([0, 1, 1, 2]);
  for (let a = 0; a < animationCount; a++) {
    const rate = pick([24, 30, 25, 60, 1000, 7]);
    const tracks: Track[] = [];
    const shared = timesOf();
    const trackCount = 1 + int(4);
    const limit = jointCount > 0 ? jointCount : 4;
    for (let t = 0; t < trackCount; t++) {
      const times = r() < 0.5 ? shared : timesOf();
      const k = times.length;
      const track: Track = { joint: int(limit + (jointCount > 0 ? 0 : 2)), times };
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

