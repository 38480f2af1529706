// GLB encode time against the time to allocate and copy the same number of bytes (issue 22's
// yardstick), at about 30 KB, 1 MB and 10 MB of output, interleaved in one run; gltf-transform's
// own write of the same GLB (readBinary once, then writeBinary timed) is the peer beside it.
// Inputs: raylib_guy.iqm (corpus) for the small file, mrfixit.iqm (assimp-testmodels) with its
// meshes repeated for the larger ones. Run: npx tsx bench/glb-encode.bench.ts [backend]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WebIO } from '@gltf-transform/core';
import { createKernelsSync, glbFormat, iqmFormat, type Asset, type BackendName } from '../bindings/index.js';
import { machine, timeInterleaved } from './harness.js';

const SMALL = join(process.env.MESHCODEC_CORPUS ?? join(import.meta.dirname, '../../shared/corpus'), 'iqm/raylib_guy.iqm');
const MRFIXIT = '/usr/share/assimp/models/IQM/mrfixit.iqm';
for (const path of [SMALL, MRFIXIT]) if (!existsSync(path)) throw new Error(`${path} is missing`);
const backend = (process.argv[2] ?? 'wasm-simd') as BackendName;
const kernels = createKernelsSync(backend);

/** The Asset with its meshes repeated `times` times (arrays shared, names distinct). */
function tiled(asset: Asset, times: number): Asset {
  const meshes = Array.from({ length: times }, (_, k) => asset.meshes.map((m) => ({ ...m, name: `${m.name} ${k}` }))).flat();
  return { ...asset, meshes, warnings: [] };
}

const small = iqmFormat.parseSync(new Uint8Array(readFileSync(SMALL)), { kernels });
const big = iqmFormat.parseSync(new Uint8Array(readFileSync(MRFIXIT)), { kernels });
const cases: [string, Asset][] = [['30 KB', small], ['1 MB', tiled(big, 5)], ['10 MB', tiled(big, 67)]];
const io = new WebIO();
console.log(JSON.stringify({ machine: machine(), backend, note: 'shared machine (2 cores, other jobs running): compare ratios within one row only' }));
console.log('| case | GLB bytes | copy µs | meshcodec µs | × copy | gltf-transform writeBinary µs | × copy |');
console.log('|---|---|---|---|---|---|---|');
for (const [name, asset] of cases) {
  const glb = glbFormat.encodeSync(asset, { kernels });
  const document = await io.readBinary(glb);
  let peer: Uint8Array | undefined;
  const times = timeInterleaved({
    copy: () => new Uint8Array(glb.length).set(glb),
    meshcodec: () => glbFormat.encodeSync(asset, { kernels }),
    // writeBinary is async but does its work synchronously before resolving.
    gltfTransform: () => void io.writeBinary(document).then((b) => (peer = b)),
  }, { minSeconds: glb.length > 5e6 ? 6 : 3 });
  void peer;
  const us = (s: number) => (s * 1e6).toFixed(0);
  console.log(`| ${name} | ${glb.length} | ${us(times.copy!)} | ${us(times.meshcodec!)} | ${(times.meshcodec! / times.copy!).toFixed(1)} | ${us(times.gltfTransform!)} | ${(times.gltfTransform! / times.copy!).toFixed(1)} |`);
}
