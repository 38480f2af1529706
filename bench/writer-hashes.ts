// Hashes of every writer's output (plain paths: default options) for every corpus file, fixture
// and speed-bar input, on all three backends: run before and after a writer change and diff the
// two listings (`tsx bench/writer-hashes.ts > before.txt`). Inputs are parsed with js kernels.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createKernelsSync, detectFormat, type Asset, type Kernels } from '../bindings/index.js';
import { FORMATS } from '../bindings/formats/registry.js';
import { CORPUS_DIR, corpusAvailable } from '../test/helpers/corpus.js';
import { FIXTURES_DIR } from '../fixtures/make-fixtures.js';
import { speedBarInput, speedBarSource } from './speed-bar-input.js';
import { MeshFormatError } from '../bindings/index.js';

const js = createKernelsSync('js');
const backends: [string, Kernels][] = [['js', js], ['wasm-simd', createKernelsSync('wasm-simd')], ['wasm-scalar', createKernelsSync('wasm-scalar')]];
const inputs: [string, () => Asset][] = [];

function addFolder(label: string, dir: string): void {
  if (!existsSync(dir)) return;
  const names = readdirSync(dir).sort();
  const read = (n: string) => (existsSync(join(dir, n)) ? new Uint8Array(readFileSync(join(dir, n))) : undefined);
  for (const name of names) {
    if (name.endsWith('.blob') || name.endsWith('.md') || name.endsWith('.ts') || name.endsWith('.obj')) continue;
    const bytes = read(name)!;
    const format = detectFormat(bytes, name);
    if (!format) continue;
    inputs.push([`${label}/${name}`, () => format.parseSync(bytes, { fileName: name, resolve: read, kernels: js })]);
  }
}

if (corpusAvailable) for (const folder of readdirSync(CORPUS_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()) addFolder(`corpus/${folder}`, join(CORPUS_DIR, folder));
addFolder('assimp/IQM', '/usr/share/assimp/models/IQM');
addFolder('fixtures', FIXTURES_DIR);
for (const bar of ['mrfixit', 'door'] as const) {
  const source = speedBarSource(bar);
  for (const format of FORMATS) {
    const input = speedBarInput(format, bar, source);
    inputs.push([`speed-bar/${bar}${format.extensions[0]}`, () => format.parseSync(input.files[0]!.bytes, { fileName: input.name, resolve: input.resolve, kernels: js })]);
  }
}

const hash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);
for (const [label, load] of inputs) {
  let asset: Asset;
  try {
    asset = load();
  } catch (error) {
    console.log(`${label} parse ${(error as Error).message.slice(0, 60)}`);
    continue;
  }
  for (const format of FORMATS) {
    for (const [backend, kernels] of backends) {
      let out: string;
      try {
        const files = format.encodeFiles ? format.encodeFiles(asset, 'out', { kernels }) : [{ name: 'out', bytes: format.encodeSync(asset, { kernels }) }];
        out = files.map((f) => `${f.name}:${f.bytes.length}:${hash(f.bytes)}`).join(' ');
      } catch (error) {
        out = error instanceof MeshFormatError ? `error ${error.code}` : `THROWN ${(error as Error).message}`;
      }
      console.log(`${label} -> ${format.name} ${backend} ${out}`);
    }
  }
}
