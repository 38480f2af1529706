// Hashes of every optimized GLB the writer makes (corpus files, fixtures, every glTF sample under
// /usr/share/assimp/models) under the option sets of bench/gltfpack-precision.ts plus `quantize`
// alone, `compress` alone and the plain writer, on all three backends: one line per output, so
// that two trees' runs can be diffed to show a speed change kept every byte.
// Run: npx tsx bench/optimize-hashes.ts > hashes.txt
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { createKernelsSync, detectFormat, glbFormat, gltfFormat, initMeshopt, type BackendName } from '../bindings/index.js';
import { AT_GLTFPACK_PRECISION, AT_GLTFPACK_PRECISION_PRUNED, OPTIMIZE } from './gltfpack-precision.js';

const HERE = dirname(new URL(import.meta.url).pathname);
const CORPUS = process.env.MESHCODEC_CORPUS ?? join(HERE, '../../shared/corpus');
const ROOTS = [CORPUS, join(HERE, '../fixtures'), '/usr/share/assimp/models/glTF2', '/usr/share/assimp/models/IQM'];
const OPTION_SETS: Record<string, object> = {
  plain: {},
  optimize: OPTIMIZE,
  atGltfpack: AT_GLTFPACK_PRECISION,
  atGltfpackPruned: AT_GLTFPACK_PRECISION_PRUNED,
  quantize: { quantize: true },
  compress: { compress: 'meshopt' },
};

function files(root: string): string[] {
  if (!existsSync(root)) return [];
  const out: string[] = [];
  for (const name of readdirSync(root).sort()) {
    const path = join(root, name);
    if (statSync(path).isDirectory()) out.push(...files(path));
    else if (!/\.(blob|obj|md|ts|bin|png|jpg|jpeg|tga|txt|json)$/i.test(name)) out.push(path);
  }
  return out;
}

await initMeshopt();
const backends: BackendName[] = ['wasm-simd', 'wasm-scalar', 'js'];
for (const root of ROOTS) {
  for (const path of files(root)) {
    const bytes = new Uint8Array(readFileSync(path));
    const resolve = (name: string) => {
      const full = join(dirname(path), name);
      return existsSync(full) && statSync(full).isFile() ? new Uint8Array(readFileSync(full)) : undefined;
    };
    const handler = /\.glb$/i.test(path) ? glbFormat : /\.gltf$/i.test(path) ? gltfFormat : detectFormat(bytes, path);
    if (!handler) continue;
    for (const backend of backends) {
      const kernels = createKernelsSync(backend);
      for (const [set, options] of Object.entries(OPTION_SETS)) {
        let line: string;
        try {
          const asset = handler.parseSync(bytes, { fileName: path, resolve, kernels });
          const out = glbFormat.encodeSync(asset, { ...options, kernels } as never);
          const hash = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex').slice(0, 16);
          line = `${hash(out)} warnings ${hash(asset.warnings.join('\n'))}`;
        } catch (error) {
          line = 'error ' + ((error as { code?: string }).code ?? String(error));
        }
        console.log(`${relative('/', path)} ${backend} ${set} ${line}`);
      }
    }
  }
}
