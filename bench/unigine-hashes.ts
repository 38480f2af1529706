// Hashes of every parsed UNIGINE Asset (corpus .mesh/.anim, the fixtures' tube, the speed bar's
// tiled mrfixit and door written as .mesh and .anim), on each backend: a change to how the parse
// builds its Asset must leave every line identical (diff two runs). Typed arrays are hashed as
// their bytes (NaN payloads and −0 included), with their constructor; errors as code and offset.
// Run: npx tsx bench/unigine-hashes.ts > before.txt (change) npx tsx bench/unigine-hashes.ts > after.txt
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createKernelsSync } from '../bindings/index.js';
import { FORMATS } from '../bindings/formats/registry.js';
import { speedBarInput, type SpeedBar } from './speed-bar-input.js';

const unigine = FORMATS.find((f) => f.name === 'unigine')!;
const corpus = join(import.meta.dirname, '../../../shared/corpus/unigine');
const inputs: { name: string; bytes: Uint8Array }[] = [];
for (const name of readdirSync(corpus).filter((n) => /\.(mesh|anim)$/.test(n)).sort()) inputs.push({ name, bytes: new Uint8Array(readFileSync(join(corpus, name))) });
for (const name of ['tube.mesh', 'tube.anim']) inputs.push({ name: `fixtures/${name}`, bytes: new Uint8Array(readFileSync(join(import.meta.dirname, '../fixtures', name))) });
for (const bar of ['mrfixit', 'door'] as SpeedBar[]) {
  const input = speedBarInput(unigine, bar);
  for (const file of input.files) inputs.push({ name: `speed-bar ${bar} ${file.name}`, bytes: file.bytes });
}

function hashValue(hash: ReturnType<typeof createHash>, value: unknown): void {
  if (ArrayBuffer.isView(value)) {
    hash.update(`${value.constructor.name}:${value.byteLength}:`);
    hash.update(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
  } else if (Array.isArray(value)) {
    hash.update(`[${value.length}`);
    for (const v of value) hashValue(hash, v);
    hash.update(']');
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      hash.update(`{${k}:`);
      hashValue(hash, v);
    }
  } else {
    hash.update(`${typeof value}:${Object.is(value, -0) ? '-0' : String(value)};`);
  }
}

for (const backend of ['wasm-simd', 'wasm-scalar', 'js'] as const) {
  const kernels = createKernelsSync(backend);
  for (const { name, bytes } of inputs) {
    let line: string;
    try {
      const asset = unigine.parseSync(bytes, { fileName: name, kernels });
      const hash = createHash('sha256');
      hashValue(hash, asset);
      line = hash.digest('hex').slice(0, 24);
    } catch (e) {
      const err = e as { code?: string; offset?: number; message?: string };
      line = `error ${err.code} ${err.offset} ${err.message}`;
    }
    console.log(`${backend} ${name} ${bytes.length} ${line}`);
  }
}
