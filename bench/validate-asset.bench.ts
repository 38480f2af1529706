// What the writer gate costs: validateAsset on a ~10 MB Asset (the tube with many rings and a
// long animation) against each writer's encodeSync of the same Asset (which includes one
// validateAsset), on wasm-simd and js, timed in interleaved rounds.   npx tsx bench/validate-asset.bench.ts
import { createKernelsSync, FORMATS, validateAsset, type Asset } from '../bindings/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { assetBytes } from '../test/helpers/fuzz.js';
import { fmt, machine, markdownTable, timeInterleaved } from './harness.js';

/** The tube at about `megabytes` of Asset arrays, with a 240-frame animation (its keys scanned too). */
function assetOf(megabytes: number): Asset {
  const segments = 64;
  const probe = assetBytes(tubeAsset({ rings: 64, segments, frames: 240 }));
  return tubeAsset({ rings: Math.round((64 * megabytes * 1e6) / probe), segments, frames: 240 });
}

const asset = assetOf(10);
const rows: (string | number)[][] = [];
for (const backend of ['wasm-simd', 'js'] as const) {
  const kernels = createKernelsSync(backend);
  // MeshSerializer2 holds at most 65535 vertices: not this Asset.
  const writers = FORMATS.filter((f) => f.name !== 'tf' && f.name !== 'ms2');
  const fns: Record<string, () => unknown> = { validate: () => validateAsset(asset, kernels) };
  for (const f of writers) fns[f.name] = () => { asset.warnings.length = 0; return f.encodeSync(asset, { kernels }); };
  fns.tf = () => { asset.warnings.length = 0; return FORMATS.find((f) => f.name === 'tf')!.encodeFiles!(asset, 'out.msh', { kernels }); };
  const seconds = timeInterleaved(fns, { minSeconds: 2, minRounds: 3 });
  for (const name of Object.keys(fns)) if (name !== 'validate') rows.push([backend, name, fmt(seconds[name]! * 1e3, 1), fmt(seconds.validate! * 1e3, 2), `${fmt((100 * seconds.validate!) / seconds[name]!, 2)} %`]);
}
console.log(`Asset of ${fmt(assetBytes(asset) / 1e6, 2)} MB; ${JSON.stringify(machine())}; machine shared with other jobs`);
console.log(markdownTable(['backend', 'writer', 'encode ms', 'validateAsset ms', 'validate ÷ encode'], rows));
