// Hashes of every parsed IQM Asset (corpus .iqm, the fixtures' tube, assimp's IQM samples, the
// hostile reproducers, the speed bar's tiled mrfixit and door written as .iqm), on each backend:
// a change to how the parse builds its Asset must leave every line identical (diff two runs).
// Typed arrays are hashed as their bytes (NaN payloads and −0 included), with their constructor;
// errors as code, offset and message.
// Run: npx tsx bench/iqm-hashes.ts > before.txt (change) npx tsx bench/iqm-hashes.ts > after.txt
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createKernelsSync } from '../bindings/index.js';
import { FORMATS } from '../bindings/formats/registry.js';
import { speedBarInput, type SpeedBar } from './speed-bar-input.js';

const iqm = FORMATS.find((f) => f.name === 'iqm')!;
const inputs: { name: string; bytes: Uint8Array }[] = [];
const dirs = [join(import.meta.dirname, '../../../shared/corpus/iqm'), '/usr/share/assimp/models/IQM', join(import.meta.dirname, '../test/hostile'), join(import.meta.dirname, '../../../shared/hostile')];
for (const dir of dirs) {
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir).filter((n) => /\.iqm$/.test(n)).sort()) inputs.push({ name: join(dir, name), bytes: new Uint8Array(readFileSync(join(dir, name))) });
}
inputs.push({ name: 'fixtures/tube.iqm', bytes: new Uint8Array(readFileSync(join(import.meta.dirname, '../fixtures/tube.iqm'))) });
for (const bar of ['mrfixit', 'door'] as SpeedBar[]) {
  const input = speedBarInput(iqm, bar);
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
      const asset = iqm.parseSync(bytes, { fileName: name, kernels });
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
