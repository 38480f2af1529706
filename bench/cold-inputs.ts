// The cold-start benches' inputs (bench/cold.bench.ts, bench/cold-profile.ts): for every format, the
// tube fixture grown until the format's files are about `targetBytes`, written by meshcodec (js
// kernels) into `folder`. One definition, so that both benches time the same files.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createKernelsSync, type FormatHandler } from '../bindings/index.js';
import { FORMATS } from '../bindings/formats/registry.js';
import { tubeAsset } from '../fixtures/tube-asset.js';

export interface ColdInput {
  format: FormatHandler;
  /** The main file (companions lie beside it). */
  path: string;
  /** Bytes of all its files. */
  bytes: number;
}

/** The files `format` writes for `rings` rings of the tube (main file first). */
function encodeTube(format: FormatHandler, rings: number): { name: string; bytes: Uint8Array }[] {
  const js = createKernelsSync('js');
  const asset = tubeAsset({ rings, segments: 16, frames: 4 });
  const name = `tube${format.extensions[0]}`;
  return format.encodeFiles ? format.encodeFiles(asset, name, { kernels: js }) : [{ name, bytes: format.encodeSync(asset, { kernels: js }) }];
}

const sizeOf = (files: { bytes: Uint8Array }[]) => files.reduce((n, f) => n + f.bytes.length, 0);

/** Writes every format's input into `folder`. */
export function writeColdInputs(folder: string, targetBytes: number): ColdInput[] {
  const inputs: ColdInput[] = [];
  for (const format of FORMATS) {
    // Grow the tube until the format's files are about targetBytes (capped by what the format holds).
    let rings = 4;
    while (rings < 4096 && sizeOf(encodeTube(format, rings * 2)) <= targetBytes) rings *= 2;
    const files = encodeTube(format, rings);
    for (const f of files) writeFileSync(join(folder, f.name), f.bytes);
    inputs.push({ format, path: join(folder, files[0]!.name), bytes: sizeOf(files) });
  }
  return inputs;
}
