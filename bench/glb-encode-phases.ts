// The plain GLB encode of a speed-bar Asset split into its phases, each timed interleaved with a
// copy of Asset + output bytes and with a fresh output-sized array written once (what the output's
// own allocation costs): validateAsset, Asset → glTF JSON and arrays, the buffer's layout,
// JSON.stringify, and the whole encode. Median, p10 and minimum per phase.
// Run: npx tsx bench/glb-encode-phases.ts [mrfixit|door] [SECONDS]
import { FORMATS } from '../bindings/formats/registry.js';
import { assetToGltf } from '../bindings/formats/gltf/asset-to-gltf.js';
import type { BuiltGltf } from '../bindings/formats/gltf/gltf-builder.js';
import { gltfToGlb } from '../bindings/formats/gltf/write-gltf.js';
import { validateAsset } from '../bindings/model/validate-asset.js';
import { assetBytes } from '../test/helpers/fuzz.js';
import { speedBarInput, type SpeedBar } from './speed-bar-input.js';

const [bar = 'mrfixit', seconds = '8'] = process.argv.slice(2);
const glb = FORMATS.find((f) => f.name === 'glb')!;
const input = speedBarInput(glb, bar as SpeedBar);
const asset = glb.parseSync(input.files[0]!.bytes, {});
const out = glb.encodeSync(asset);
const n = assetBytes(asset) + out.length;
const from = new Uint8Array(n).fill(7);
const to = new Uint8Array(n);
const written = new Uint8Array(out.length).fill(3);
let built: BuiltGltf | undefined;
const runs: Record<string, () => unknown> = {
  copy: () => to.set(from),
  'fresh output': () => new Uint8Array(out.length).set(written),
  validateAsset: () => validateAsset(asset),
  'Asset → glTF': () => assetToGltf(asset).scratch.release(),
  '+ layout': () => {
    built = assetToGltf(asset).build();
    built.release?.();
  },
  'JSON.stringify': () => JSON.stringify(built!.json),
  '+ GLB container': () => gltfToGlb(assetToGltf(asset).build()),
  'whole encode': () => glb.encodeSync(asset),
};
runs['+ layout']!();
const t: Record<string, number[]> = Object.fromEntries(Object.keys(runs).map((k) => [k, []]));
for (const end = performance.now() + 1000; performance.now() < end; ) for (const k in runs) runs[k]!();
for (const end = performance.now() + Number(seconds) * 1000; performance.now() < end; ) {
  for (const k in runs) {
    const start = performance.now();
    runs[k]!();
    t[k]!.push((performance.now() - start) * 1000);
  }
}
const at = (a: number[], q: number) => [...a].sort((x, y) => x - y)[Math.floor(a.length * q)]!;
console.log(`${bar}: output ${out.length} bytes, Asset ${assetBytes(asset)} bytes, ${t.copy!.length} rounds`);
console.log('| phase | median µs | p10 µs | min µs | median ÷ copy |\n|---|---|---|---|---|');
for (const k in runs) console.log(`| ${k} | ${at(t[k]!, 0.5).toFixed(1)} | ${at(t[k]!, 0.1).toFixed(1)} | ${Math.min(...t[k]!).toFixed(1)} | ${(at(t[k]!, 0.5) / at(t.copy!, 0.5)).toFixed(2)} |`);
