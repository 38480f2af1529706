// Closure (issue 17, item 1): every Asset a reader returns is either written by each writer into
// files that writer's own reader reads back, or refused with a MeshFormatError naming the Asset
// path. The sources are the fixtures, the corpus, the synthetic files and Assets, and the hostile
// reproducers; every writer call of the registry (test/helpers/asset-fuzz.ts) is tried on each.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { detectFormat, formatByName, MeshFormatError, type Asset, type FormatHandler, type Kernels } from '../../bindings/index.js';
import { FUZZED_FORMATS } from '../fuzz/formats.js';
import { rng } from './backends.js';
import { mutate } from './fuzz.js';
import { fuzzInput, fuzzSeeds } from './fuzz-seeds.js';
import { FIXTURES_DIR } from '../../fixtures/make-fixtures.js';
import { tubeAsset } from '../../fixtures/tube-asset.js';
import { CORPUS_DIR, corpusAvailable } from './corpus.js';
import { writerCalls, type WriterCall } from './asset-fuzz.js';
import { iqmFilePerVertexFormat, richIqmFiles, richTubeAsset, richUnigineAnim, richUnigineMesh } from './synthetic.js';

/** ../shared/hostile: the reproducers found outside the project (beside the corpus). */
export const HOSTILE_DIR = resolve(CORPUS_DIR, '../hostile');

export interface AssetSource {
  /** Where it comes from: `fixtures/tube.mesh`, `corpus/iqm/raylib_guy.iqm`, `synthetic rich tube`, … */
  name: string;
  /** A fresh Asset (each writer call gets its own: writers append to `warnings`), or undefined when the reader refuses the file. */
  read(kernels: Kernels): Asset | undefined;
}

/** Corpus files above this size stay out of the matrix (Box47.mesh, 3.3 MB, alone takes ~14 s through every writer). */
export const CLOSURE_MAX_FILE_BYTES = 1_000_000;


function fileSources(folder: string, label: string, skip: (name: string, bytes: number) => boolean = () => false): AssetSource[] {
  if (!existsSync(folder) || !statSync(folder).isDirectory()) return [];
  const names = readdirSync(folder).sort();
  const sources: AssetSource[] = [];
  for (const name of names) {
    const path = join(folder, name);
    if (!statSync(path).isFile() || skip(name, statSync(path).size)) continue;
    const bytes = new Uint8Array(readFileSync(path));
    const format = detectFormat(bytes, name);
    // A companion (x.msh.blob) is read with its main file, not alone.
    if (!format || names.some((other) => other !== name && name.startsWith(`${other}.`))) continue;
    sources.push(bytesSource(`${label}/${name}`, format, bytes, name, (n) => (existsSync(join(folder, n)) ? new Uint8Array(readFileSync(join(folder, n))) : undefined)));
  }
  return sources;
}

function bytesSource(name: string, format: FormatHandler, bytes: Uint8Array, fileName: string, resolveName: (n: string) => Uint8Array | undefined): AssetSource {
  return {
    name,
    read: (kernels) => {
      try {
        return format.parseSync(bytes, { kernels, fileName, resolve: resolveName });
      } catch (error) {
        if (error instanceof MeshFormatError && error.code !== 'INTERNAL') return undefined;
        throw error;
      }
    },
  };
}

/** Every Asset source: fixtures, corpus (when present), synthetic files and Assets, hostile files (when present). */
export function closureSources(): AssetSource[] {
  const sources: AssetSource[] = [...fileSources(FIXTURES_DIR, 'fixtures')];
  if (corpusAvailable) for (const folder of readdirSync(CORPUS_DIR).sort()) sources.push(...fileSources(join(CORPUS_DIR, folder), `corpus/${folder}`, (_, size) => size > CLOSURE_MAX_FILE_BYTES));
  const synthetic = (name: string, bytes: Uint8Array) => bytesSource(`synthetic ${name}`, detectFormat(bytes, name)!, bytes, name, () => undefined);
  sources.push(synthetic('rich.mesh', richUnigineMesh()), synthetic('rich.anim', richUnigineAnim()));
  richIqmFiles().forEach((bytes, i) => sources.push(synthetic(`rich-${i ? 'float' : 'ubyte'}.iqm`, bytes)));
  for (const { format, bytes } of iqmFilePerVertexFormat()) sources.push(synthetic(`${format}.iqm`, bytes));
  sources.push({ name: 'synthetic tube Asset', read: () => tubeAsset() }, { name: 'synthetic rich tube Asset', read: () => richTubeAsset() });
  sources.push(...fileSources(HOSTILE_DIR, 'hostile'));
  return sources;
}

export type ClosureOutcome =
  | { kind: 'read back' }
  | { kind: 'refused with path'; code: string; path: string }
  /** What breaks closure: */
  | { kind: 'refused without path'; message: string }
  | { kind: 'unreadable output'; message: string }
  | { kind: 'internal'; message: string };

/** Writes `asset` with `call` and reads every output back with the writer's own reader (its companions resolved among the outputs). */
export function closureOutcome(call: WriterCall, asset: Asset, kernels: Kernels): ClosureOutcome {
  let files: { name: string; bytes: Uint8Array }[];
  try {
    files = call.files(asset, kernels);
  } catch (error) {
    if (!(error instanceof MeshFormatError) || error.code === 'INTERNAL') return { kind: 'internal', message: error instanceof Error ? error.message : String(error) };
    return error.path !== undefined ? { kind: 'refused with path', code: error.code, path: error.path } : { kind: 'refused without path', message: error.message };
  }
  const main = files[0]!;
  try {
    call.format.parseSync(main.bytes, { kernels, fileName: main.name, resolve: (n) => files.find((f) => f.name === n)?.bytes });
  } catch (error) {
    return { kind: 'unreadable output', message: error instanceof Error ? error.message : String(error) };
  }
  return { kind: 'read back' };
}

export function isClosed(outcome: ClosureOutcome): boolean {
  return outcome.kind === 'read back' || outcome.kind === 'refused with path';
}

/**
 * Fuzz inputs as closure sources: `count` mutations of each format's fuzz seeds (fixtures, small
 * corpus files, synthetic files; test/helpers/fuzz-seeds.ts), from `seed`. Only those a reader
 * accepts give an Asset; refusals are the reader fuzzers' business.
 */
export function fuzzedSources(count: number, seed: number): AssetSource[] {
  const next = rng(seed);
  const sources: AssetSource[] = [];
  for (const format of FUZZED_FORMATS) {
    const handler = formatByName(format)!;
    const seeds = fuzzSeeds(format, 20_000);
    for (let i = 0; i < count; i++) {
      const from = seeds[Math.floor(next() * seeds.length)]!;
      const { bytes, options } = fuzzInput(from, next, mutate);
      const { companionBytes: _, ...readOptions } = options;
      sources.push({
        name: `fuzz ${format} ${i} (seed ${seed}, from ${from.name})`,
        read: (kernels) => {
          try {
            return handler.parseSync(bytes, { ...readOptions, kernels });
          } catch (error) {
            if (error instanceof MeshFormatError && error.code !== 'INTERNAL') return undefined;
            throw error;
          }
        },
      });
    }
  }
  return sources;
}
