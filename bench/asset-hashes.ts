// Hashes of every parsed Asset of one format, or of all (corpus files, the fixtures, assimp's IQM
// and glTF samples, the hostile reproducers, the speed bar's tiled mrfixit and door written in
// that format), on each backend: a change to how a reader builds its Asset must leave every line
// identical (diff two runs). Typed arrays are hashed as their bytes (NaN payloads and −0
// included), with their constructor; errors as code, offset and message. Companion files (a .msh's
// blob, a .gltf's buffers and images) are resolved from the file's folder.
// Run: npx tsx bench/asset-hashes.ts [--format NAME] > before.txt (change) … > after.txt
import { createHash } from 'node:crypto';
import { hashValue } from './hash-value.js';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { createKernelsSync, type FormatHandler } from '../bindings/index.js';
import { FORMATS, formatByExtension } from '../bindings/formats/registry.js';
import { speedBarInput, type SpeedBar } from './speed-bar-input.js';

const { values } = parseArgs({ options: { format: { type: 'string' } } });
const chosen = FORMATS.filter((f) => values.format === undefined || f.name === values.format);
if (chosen.length === 0) throw new Error(`no format ${values.format} (${FORMATS.map((f) => f.name).join(', ')})`);
const HERE = import.meta.dirname;
const SHARED = join(HERE, '../../shared');
const ROOTS = [process.env.MESHCODEC_CORPUS ?? join(SHARED, 'corpus'), join(HERE, '../fixtures'), '/usr/share/assimp/models/IQM', '/usr/share/assimp/models/glTF2', join(HERE, '../test/hostile'), join(SHARED, 'hostile')];

// `fileName`: the name the parse is given (a speed-bar input's own, so that its companions resolve).
interface Input { name: string; format: FormatHandler; bytes: Uint8Array; folder?: string; companions?: Record<string, Uint8Array>; fileName?: string }
const inputs: Input[] = [];
function walk(dir: string, root: string): void {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, root);
    else {
      const format = formatByExtension(name);
      // A .msh.blob is the .msh's companion, not a file of its own.
      if (format && chosen.includes(format) && !/\.blob$/i.test(name)) inputs.push({ name: relative(join(root, '..'), path), format, bytes: new Uint8Array(readFileSync(path)), folder: dir });
    }
  }
}
for (const root of ROOTS) if (existsSync(root)) walk(root, root);
for (const format of chosen) {
  for (const bar of ['mrfixit', 'door'] as SpeedBar[]) {
    const input = speedBarInput(format, bar);
    const companions = Object.fromEntries(input.files.map((f) => [f.name, f.bytes]));
    inputs.push({ name: `speed-bar ${bar} ${input.files[0]!.name}`, format, bytes: input.files[0]!.bytes, companions, fileName: input.files[0]!.name });
  }
}

for (const backend of ['wasm-simd', 'wasm-scalar', 'js'] as const) {
  const kernels = createKernelsSync(backend);
  for (const input of inputs) {
    const resolve = (name: string) => input.companions?.[name] ?? (input.folder && existsSync(join(input.folder, name)) ? new Uint8Array(readFileSync(join(input.folder, name))) : undefined);
    let line: string;
    try {
      const asset = input.format.parseSync(input.bytes, { fileName: input.fileName ?? input.name, kernels, resolve });
      const hash = createHash('sha256');
      hashValue(hash, asset);
      line = hash.digest('hex').slice(0, 24);
    } catch (e) {
      const err = e as { code?: string; offset?: number; message?: string };
      line = `error ${err.code} ${err.offset} ${err.message}`;
    }
    console.log(`${backend} ${input.format.name} ${input.name} ${input.bytes.length} ${line}`);
  }
}
