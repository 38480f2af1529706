import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { formatByName } from '../../bindings/formats/registry.js';
import { writeIqm } from '../../bindings/formats/iqm/index.js';
import { apgFormat, glbFormat, gltfFormat, ms2Format, tfFormat } from '../../bindings/index.js';
import { readGltfDocument, writeGltfDocument } from '../fuzz/mutators/gltf-document.js';
import { featureGltf, glb } from './gltf-samples.js';
import { FIXTURES_DIR } from '../../fixtures/make-fixtures.js';
import { corpusAvailable, corpusPath } from './corpus.js';
import type { ReadOptions } from './fuzz.js';
import { sampleIqmDocument } from './iqm-samples.js';
import { iqmFilePerVertexFormat, richIqmFiles, richTubeAsset, richUnigineAnim, richUnigineMesh } from './synthetic.js';

export interface FuzzSeed {
  name: string;
  bytes: Uint8Array;
  /** Files read with this one (a Transport Fever .msh.blob), by name relative to it. */
  companions?: { name: string; bytes: Uint8Array }[];
}

/** One fuzz input from a seed: the seed or one of its companions mutated, with what the reader needs to find the companions. */
export function fuzzInput(seed: FuzzSeed, next: () => number, mutate: (bytes: Uint8Array, next: () => number, file: string) => Uint8Array): { bytes: Uint8Array; options: ReadOptions } {
  const companions = (seed.companions ?? []).map((c) => ({ ...c }));
  const target = companions.length && next() < 0.4 ? companions[Math.floor(next() * companions.length)]! : undefined;
  const fileName = seedFileName(seed);
  let bytes = seed.bytes;
  if (target) target.bytes = mutate(target.bytes, next, target.name);
  else bytes = mutate(bytes, next, fileName);
  const options: ReadOptions = { fileName, resolve: (name) => companions.find((c) => c.name === name)?.bytes, companionBytes: companions.reduce((n, c) => n + c.bytes.length, 0) };
  return { bytes, options };
}

/** The seed's file name without its folder label (`tube.msh` for `fixtures/tube.msh`). */
export function seedFileName(seed: FuzzSeed): string {
  return seed.name.slice(seed.name.lastIndexOf('/') + 1);
}

/** Files each format's fuzzing starts from besides its fixtures and corpus folder: what the writers make for branches the corpus lacks. */
const SYNTHETIC: Record<string, () => FuzzSeed[]> = {
  unigine: () => [
    { name: 'synthetic rich.mesh', bytes: richUnigineMesh() },
    { name: 'synthetic rich.anim', bytes: richUnigineAnim() },
  ],
  iqm: () => [
    { name: 'synthetic sample.iqm', bytes: writeIqm(sampleIqmDocument()) },
    ...richIqmFiles().map((bytes, i) => ({ name: `synthetic rich-${i ? 'float' : 'ubyte'}.iqm`, bytes })),
    ...iqmFilePerVertexFormat().map(({ format, bytes }) => ({ name: `synthetic ${format}.iqm`, bytes })),
  ],
  // The hand-made feature file (sparse accessors, strips, cubic splines) and the rich tube (two UV
  // sets, colours, 1–4 weights, morph targets), each as a GLB and as a .gltf with a data: URI.
  glb: () => [
    { name: 'synthetic feature.glb', bytes: featureGlb() },
    { name: 'synthetic rich-tube.glb', bytes: glbFormat.encodeSync(richTubeAsset()) },
  ],
  gltf: () => [
    { name: 'synthetic feature.gltf', bytes: writeGltfDocument(readGltfDocument(featureGlb())!, 'gltf') },
    { name: 'synthetic rich-tube.gltf', bytes: gltfFormat.encodeSync(richTubeAsset()) },
  ],
  apg: () => [{ name: 'synthetic rich-tube.apg', bytes: apgFormat.encodeSync(richTubeAsset()) }],
  ms2: () => [{ name: 'synthetic rich-tube.data', bytes: ms2Format.encodeSync(richTubeAsset()) }],
  tf: () => {
    const [msh, blob] = tfFormat.encodeFiles!(richTubeAsset(), 'rich-tube.msh');
    return [{ name: 'synthetic rich-tube.msh', bytes: msh!.bytes, companions: [{ name: blob!.name, bytes: blob!.bytes }] }];
  },
};

function featureGlb(): Uint8Array {
  const { json, bin } = featureGltf();
  return glb(json, bin);
}

/**
 * The inputs fuzzing of `format` mutates: the format's fixtures, its corpus files up to
 * `maxBytes` (../shared/corpus/<format>/, when present) and its synthetic files.
 */
export function fuzzSeeds(format: string, maxBytes = 300_000): FuzzSeed[] {
  const handler = formatByName(format);
  if (!handler) throw new Error(`no format named ${format}`);
  const matches = (name: string) => handler.extensions.some((ext) => name.toLowerCase().endsWith(ext));
  const seeds: FuzzSeed[] = [];
  const fromFolder = (folder: string, label: string) => {
    const names = readdirSync(folder).sort();
    for (const name of names) {
      const path = join(folder, name);
      if (!matches(name) || statSync(path).size > maxBytes) continue;
      // A file whose name extends this one's (`car.msh.blob` after `car.msh`) is its companion.
      const companions = names.filter((other) => other.startsWith(`${name}.`)).map((other) => ({ name: other, bytes: new Uint8Array(readFileSync(join(folder, other))) }));
      seeds.push({ name: `${label}/${name}`, bytes: new Uint8Array(readFileSync(path)), ...(companions.length ? { companions } : {}) });
    }
  };
  fromFolder(FIXTURES_DIR, 'fixtures');
  const folder = corpusPath(format);
  if (corpusAvailable && existsSync(folder)) fromFolder(folder, `corpus/${format}`);
  seeds.push(...(SYNTHETIC[format]?.() ?? []));
  return seeds;
}
