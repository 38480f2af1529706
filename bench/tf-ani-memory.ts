// Peak memory and time of reading a TF .ani of a given size, written by our TF writer from a
// synthetic one-joint animation with many keys. One read per process (peak RSS is per process):
//   tsx bench/tf-ani-memory.ts write 37 /tmp/x.ani   → a ~37 MB .ani
//   tsx bench/tf-ani-memory.ts read /tmp/x.ani       → {ms, peak RSS, peak ÷ file}
import { readFileSync, writeFileSync } from 'node:fs';
import { emptyAsset, tfFormat, type Asset } from '../bindings/index.js';

function syntheticAnimation(keys: number): Asset {
  const times = new Float32Array(keys), translation = new Float32Array(keys * 3), rotation = new Float32Array(keys * 4), scale = new Float32Array(keys * 3);
  for (let k = 0; k < keys; k++) {
    times[k] = k / 30;
    const a = k * 0.0137;
    translation.set([Math.sin(a) * 3.1, Math.cos(a * 0.7) * 2.3, a * 0.01], k * 3);
    rotation.set([0, 0, Math.sin(a / 2), Math.cos(a / 2)], k * 4);
    scale.set([1 + 0.1 * Math.sin(a), 1, 1], k * 3);
  }
  const asset = emptyAsset('synthetic');
  asset.skeleton = { joints: [{ name: 'root', parent: -1, translation: [0, 0, 0], rotation: [0, 0, 0, 1], scale: [1, 1, 1] }] };
  asset.animations.push({ name: 'a', frameRate: 30, frameCount: keys, tracks: [{ joint: 0, times, translation, rotation, scale }] });
  return asset;
}

const hwm = (): number => Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) * 1024;

if (process.argv[2] === 'write') {
  const megabytes = Number(process.argv[3]);
  const probe = tfFormat.encodeSync(syntheticAnimation(1000), { kind: 'ani' }).length / 1000;
  writeFileSync(process.argv[4]!, tfFormat.encodeSync(syntheticAnimation(Math.round((megabytes * 1e6) / probe)), { kind: 'ani' }));
} else {
  const bytes = new Uint8Array(readFileSync(process.argv[3]!));
  const before = process.memoryUsage().rss;
  const started = performance.now();
  const asset = tfFormat.parseSync(bytes, { fileName: 'x.ani' });
  const ms = performance.now() - started;
  const peak = hwm();
  console.log(JSON.stringify({ fileMB: +(bytes.length / 1e6).toFixed(2), keys: asset.animations[0]!.tracks[0]!.times.length, ms: Math.round(ms), rssBeforeMB: Math.round(before / 1e6), peakRssMB: Math.round(peak / 1e6), peakGrowthOverFile: +((peak - before) / bytes.length).toFixed(1) }));
}
