// Hashes of every glTF writer output (plain, quantized, optimized, at gltfpack's precision, pruned,
// snorm16 normals) for the corpus, assimp's glTF 2 samples and fixtures' files, one line per file and
// option set, each marked with whether the Asset has morph targets: a change to how morph targets are
// written must leave every line without them byte-identical (diff two runs).
// Run: npx tsx bench/morph-hashes.ts > before.txt (change) npx tsx bench/morph-hashes.ts > after.txt
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { detectFormat, glbFormat, initMeshopt } from '../bindings/index.js';
import { AT_GLTFPACK_PRECISION, AT_GLTFPACK_PRECISION_PRUNED, OPTIMIZE } from './gltfpack-precision.js';

const ROOTS = [process.env.MESHCODEC_CORPUS ?? join(import.meta.dirname, '../../shared/corpus'), '/usr/share/assimp/models', join(import.meta.dirname, '../fixtures')];
const OPTIONS: Record<string, object> = {
  plain: {},
  quantize: { quantize: true },
  'quantize 16-bit normals': { quantize: { normal: 16, position: 8 } },
  optimize: OPTIMIZE,
  'gltfpack precision': AT_GLTFPACK_PRECISION,
  pruned: AT_GLTFPACK_PRECISION_PRUNED,
};

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)])).sort();
}

await initMeshopt();
for (const path of ROOTS.flatMap(files)) {
  const bytes = new Uint8Array(readFileSync(path));
  const handler = detectFormat(bytes.subarray(0, 64), path);
  if (!handler || path.endsWith('.ts')) continue;
  const resolve = (name: string) => { const full = join(dirname(path), name); return statSync(full, { throwIfNoEntry: false })?.isFile() ? new Uint8Array(readFileSync(full)) : undefined; };
  for (const [name, options] of Object.entries(OPTIONS)) {
    let line: string;
    try {
      const asset = handler.parseSync(bytes, { fileName: path, resolve });
      const morph = asset.meshes.some((m) => m.targets?.length) ? 'morph' : 'none';
      const glb = glbFormat.encodeSync(asset, options);
      line = `${morph} ${createHash('sha256').update(glb).digest('hex').slice(0, 16)} ${glb.length}`;
    } catch (e) {
      line = `error ${(e as Error).message.slice(0, 60)}`;
    }
    console.log(`${path} | ${name} | ${line}`);
  }
}
