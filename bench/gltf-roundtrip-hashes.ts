// Hashes of parse(encode(x)) for the glTF writers: every corpus file, fixture, assimp IQM and glTF
// sample and speed-bar input, written as .glb and as .gltf (+ .bin) with the plain options and with
// `--optimize`'s (and quantized only, and at gltfpack's precision with pruneUnread), read back, on each backend. A change to the writer's layout (its bytes change)
// must leave every Asset read back identical: diff two runs. Each line also gives the output's
// byte count, so that changed sizes show beside unchanged Assets.
// `--bytes`: the outputs' own hashes too (a change meant to keep the bytes must keep these).
// Run: npx tsx bench/gltf-roundtrip-hashes.ts [--backends js] [--bytes] > before.txt (change) … > after.txt
import { createHash } from 'node:crypto';
import { hashValue } from './hash-value.js';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createKernelsSync, detectFormat, initMeshopt, MeshFormatError, type Asset, type Kernels } from '../bindings/index.js';
import { AT_GLTFPACK_PRECISION_PRUNED, OPTIMIZE } from './gltfpack-precision.js';
import { FORMATS } from '../bindings/formats/registry.js';
import { CORPUS_DIR, corpusAvailable } from '../test/helpers/corpus.js';
import { FIXTURES_DIR } from '../fixtures/make-fixtures.js';
import { speedBarInput, speedBarSource } from './speed-bar-input.js';

const { values } = parseArgs({ options: { backends: { type: 'string', default: 'js,wasm-simd,wasm-scalar' }, bytes: { type: 'boolean', default: false } } });
const js = createKernelsSync('js');
const inputs: [string, () => Asset][] = [];

function addFolder(label: string, dir: string): void {
  if (!existsSync(dir)) return;
  const read = (n: string) => (existsSync(join(dir, n)) ? new Uint8Array(readFileSync(join(dir, n))) : undefined);
  for (const name of readdirSync(dir).sort()) {
    if (/\.(blob|md|ts|obj|bin|png|jpg|jpeg|tga)$/i.test(name)) continue;
    const bytes = read(name);
    if (!bytes) continue;
    const format = detectFormat(bytes, name);
    if (format) inputs.push([`${label}/${name}`, () => format.parseSync(bytes, { fileName: name, resolve: read, kernels: js })]);
  }
}

if (corpusAvailable) for (const d of readdirSync(CORPUS_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()) addFolder(`corpus/${d}`, join(CORPUS_DIR, d));
addFolder('assimp/IQM', '/usr/share/assimp/models/IQM');
const GLTF2 = '/usr/share/assimp/models/glTF2';
if (existsSync(GLTF2)) {
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else if (/\.(glb|gltf)$/i.test(e.name) && !inputs.some(([l]) => l === `${dir}`)) addFolderFile(dir, e.name);
    }
  };
  const addFolderFile = (dir: string, name: string) => {
    const read = (n: string) => (existsSync(join(dir, n)) ? new Uint8Array(readFileSync(join(dir, n))) : undefined);
    const bytes = read(name)!;
    const format = detectFormat(bytes, name);
    if (format) inputs.push([`${dir.slice(GLTF2.length + 1)}/${name}`, () => format.parseSync(bytes, { fileName: name, resolve: read, kernels: js })]);
  };
  walk(GLTF2);
}
addFolder('fixtures', FIXTURES_DIR);
for (const bar of ['mrfixit', 'door'] as const) {
  const source = speedBarSource(bar);
  const format = FORMATS.find((f) => f.name === 'iqm')!;
  const input = speedBarInput(format, bar, source);
  inputs.push([`speed-bar/${bar}.iqm`, () => format.parseSync(input.files[0]!.bytes, { fileName: input.name, resolve: input.resolve, kernels: js })]);
}

await initMeshopt();
const OPTION_SETS: [string, Record<string, unknown>][] = [['plain', {}], ['quantize', { quantize: true }], ['optimize', OPTIMIZE as Record<string, unknown>], ['gltfpack-pruned', AT_GLTFPACK_PRECISION_PRUNED as Record<string, unknown>]];
const formats = FORMATS.filter((f) => f.name === 'glb' || f.name === 'gltf');
const backends: [string, Kernels][] = values.backends!.split(',').map((b) => [b, createKernelsSync(b as 'js')]);

for (const [label, load] of inputs) {
  for (const [setName, options] of OPTION_SETS) {
    for (const format of formats) {
      for (const [backend, kernels] of backends) {
        let line: string;
        try {
          const asset = load();
          const files = format.encodeFiles ? format.encodeFiles(asset, 'out.gltf', { ...options, kernels }) : [{ name: 'out.glb', bytes: format.encodeSync(asset, { ...options, kernels }) }];
          const back = format.parseSync(files[0]!.bytes, { fileName: files[0]!.name, resolve: (n: string) => files.find((f) => f.name === n)?.bytes, kernels });
          const hash = createHash('sha256');
          hashValue(hash, back);
          hashValue(hash, asset.warnings);
          line = `${files.map((f) => f.bytes.length).join('+')} ${hash.digest('hex').slice(0, 24)}`;
          if (values.bytes) line += ` bytes ${files.map((f) => createHash('sha256').update(f.bytes).digest('hex').slice(0, 16)).join('+')}`;
        } catch (error) {
          line = error instanceof MeshFormatError ? `error ${error.code} ${error.message.slice(0, 80)}` : `THROWN ${(error as Error).message}`;
        }
        console.log(`${label} ${setName} ${format.name} ${backend} ${line}`);
      }
    }
  }
}
