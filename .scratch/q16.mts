import { readFileSync } from 'node:fs';
import { detectFormat, glbFormat, initMeshopt } from '../bindings/index.js';
await initMeshopt();
for (const path of process.argv.slice(2)) {
  const bytes = new Uint8Array(readFileSync(path));
  const h = detectFormat(bytes, path)!;
  for (const q of [true, { translation: 16 }] as const) { const a = h.parseSync(bytes, { fileName: path }); const out = glbFormat.encodeSync(a, { textures: 'none', quantize: q as never, compress: 'meshopt' }); console.log(path.split('/').pop(), JSON.stringify(q), out.length, a.warnings.filter(w => /channels/.test(w)).join(' / ')); }
}
