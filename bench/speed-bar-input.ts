// One speed-bar input (bench/speed-bar.bench.ts): tiled mrfixit.iqm at ~1 MB or the tiled TF door
// at ~30 KB, written by meshcodec (js kernels) in one format, with its companion files.
import { readFileSync } from 'node:fs';
import { createKernelsSync, type Asset, type FormatHandler } from '../bindings/index.js';
import { FORMATS } from '../bindings/formats/registry.js';
import { readCorpus } from '../test/helpers/corpus.js';
import { tileAsset } from './tile-asset.js';

export interface SpeedBarInput {
  name: string;
  files: { name: string; bytes: Uint8Array }[];
  copies: number;
  /** Input bytes, companions included. */
  size: number;
  resolve: (name: string) => Uint8Array | undefined;
}

export type SpeedBar = 'mrfixit' | 'door';
const DOOR = 'car_r2_aquitaine_porte_a_lod0.msh';

export function speedBarSource(bar: SpeedBar): Asset {
  const js = createKernelsSync('js');
  const format = (name: string) => FORMATS.find((f) => f.name === name)!;
  return bar === 'door'
    ? format('tf').parseSync(readCorpus('tf', DOOR), { fileName: DOOR, resolve: (n: string) => readCorpus('tf', n), kernels: js })
    : format('iqm').parseSync(readFileSync('/usr/share/assimp/models/IQM/mrfixit.iqm'), { kernels: js });
}

export function speedBarInput(format: FormatHandler, bar: SpeedBar, source = speedBarSource(bar)): SpeedBarInput {
  const js = createKernelsSync('js');
  const target = bar === 'door' ? 30e3 : 1e6;
  const name = `speed-bar${format.extensions[0]}`;
  const encode = (a: Asset) => (format.encodeFiles ? format.encodeFiles(a, name, { kernels: js }) : [{ name, bytes: format.encodeSync(a, { kernels: js }) }]);
  const sizeOf = (files: { bytes: Uint8Array }[]) => files.reduce((n, f) => n + f.bytes.length, 0);
  const one = sizeOf(encode(tileAsset(source, 1)));
  const perCopy = Math.max(1, sizeOf(encode(tileAsset(source, 2))) - one);
  const copies = Math.max(1, Math.round((target - (one - perCopy)) / perCopy));
  const files = encode(tileAsset(source, copies));
  return { name, files, copies, size: sizeOf(files), resolve: (n: string) => files.find((f) => f.name === n)?.bytes };
}
