// Closure of the glTF writers: every file any reader accepts (fixtures, the corpus, the hostile
// reproducers, assimp's glTF samples) → its Asset → GLB and .gltf (+ .bin) → 0 Khronos validator
// errors → read back by our reader on every backend, with the same triangles. The source is read
// and written on each backend and must give the same GLB bytes. Inputs that are missing are
// skipped with a message (corpus: ../shared/corpus or $MESHCODEC_CORPUS; samples: assimp-testmodels).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat, formatByExtension, glbFormat, gltfFormat, MeshFormatError, summarizeAsset, type Asset, type FormatHandler } from '../bindings/index.js';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { CORPUS_SKIP_MESSAGE, corpusAvailable, corpusFiles, corpusPath } from './helpers/corpus.js';
import { validateGltf } from './helpers/gltf-validator.js';
import { siblingsOf } from './helpers/sibling-files.js';

const kernels = allKernels();
const FIXTURES = join(import.meta.dirname, '../fixtures');
const HOSTILE = join(import.meta.dirname, 'hostile');
const SAMPLES = '/usr/share/assimp/models/glTF2';
/** Companions travel with their main file; these are never inputs of their own. */
const COMPANION = /\.(blob|bin|obj|md)$/i;

const inDir = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => !COMPANION.test(f) && !f.endsWith('.ts')).sort().map((f) => join(dir, f)) : []);
const fixtures = inDir(FIXTURES);
const hostile = inDir(HOSTILE);
const corpus = corpusAvailable ? ['apg', 'iqm', 'ms2', 'tf', 'unigine'].flatMap((folder) => corpusFiles(folder, ['.apg', '.iqm', '.data', '.msh', '.ani', '.mesh', '.anim']).map((f) => corpusPath(folder, f))) : [];
const samples = existsSync(SAMPLES) ? execFileSync('find', [SAMPLES, '-name', '*.gl*'], { encoding: 'utf8' }).trim().split('\n').filter((f) => /\.(glb|gltf)$/.test(f)).sort() : [];
if (!corpusAvailable) console.warn(`[meshcodec tests] gltf-closure: ${CORPUS_SKIP_MESSAGE}`);
if (!samples.length) console.warn(`[meshcodec tests] gltf-closure: ${SAMPLES} missing (apt-get install assimp-testmodels): the glTF sample models are not checked`);

function handlerFor(path: string, bytes: Uint8Array): FormatHandler {
  const handler = detectFormat(bytes, path) ?? formatByExtension(path);
  if (!handler) throw new Error(`no format for ${path}`);
  return handler;
}

/** The Asset each backend reads from `path`, or the MeshFormatError code they all give. */
function readSource(path: string): { assets: Asset[] } | { refused: string } {
  const bytes = new Uint8Array(readFileSync(path));
  const handler = handlerFor(path, bytes);
  const codes = new Set<string>();
  const assets: Asset[] = [];
  for (const backend of BACKENDS) {
    try {
      assets.push(handler.parseSync(bytes, { kernels: kernels[backend], fileName: basename(path), resolve: siblingsOf(path) }));
    } catch (e) {
      if (!(e instanceof MeshFormatError) || e.code === 'INTERNAL') throw e;
      codes.add(e.code);
    }
  }
  if (codes.size) {
    expect(assets.length, `${path}: refused on some backends only`).toBe(0);
    expect(codes.size, `${path}: different codes on different backends`).toBe(1);
    return { refused: [...codes][0]! };
  }
  return { assets };
}

async function closure(path: string): Promise<void> {
  const source = readSource(path);
  if ('refused' in source) return; // A file no reader accepts has no Asset to write (refusals are the reader tests' business).
  const triangles = summarizeAsset(source.assets[0]!).triangles;
  // An Asset the writer gate refuses (non-finite bind poses or keys: README § Errors) is closed by
  // that refusal: the same one on every backend, naming the Asset path.
  const written = source.assets.map((asset, i) => {
    try {
      return glbFormat.encodeSync(asset, { kernels: kernels[BACKENDS[i]!] });
    } catch (e) {
      if (!(e instanceof MeshFormatError) || e.code === 'INTERNAL') throw e;
      return `${e.code} ${e.format} ${e.path}`;
    }
  });
  if (typeof written[0] === 'string') {
    expect(written, `${path}: refused on some backends only`).toEqual(written.map(() => written[0]));
    expect(written[0], `${path}: refused without an Asset path`).toMatch(/^BAD_\w+ asset \S+/);
    return;
  }
  const glbs = written as Uint8Array[];
  // Buffer.equals, not toEqual: vitest compares typed arrays element by element (a minute for Box47's 5 MB).
  for (let i = 1; i < glbs.length; i++) expect(Buffer.from(glbs[i]!).equals(glbs[0]!), `${path}: GLB written on ${BACKENDS[i]} differs from ${BACKENDS[0]}`).toBe(true);
  const files = gltfFormat.encodeFiles(source.assets[0]!, 'closure.gltf', { kernels: kernels[BACKENDS[0]!] });
  const resources = Object.fromEntries(files.slice(1).map((f) => [f.name, f.bytes]));
  for (const [kind, bytes, extra] of [['glb', glbs[0]!, {}], ['gltf', files[0]!.bytes, resources]] as const) {
    const report = await validateGltf(bytes, extra);
    expect(report.errors ? report.messages : [], `${path} → ${kind}: validator errors`).toEqual([]);
    for (const backend of BACKENDS) {
      const back = (kind === 'glb' ? glbFormat : gltfFormat).parseSync(bytes, { kernels: kernels[backend], resolve: (name) => resources[name] });
      expect(summarizeAsset(back).triangles, `${path} → ${kind} read back on ${backend}`).toBe(triangles);
    }
  }
}

const name = (path: string) => path.replace(/^.*\/(fixtures|hostile|corpus|glTF2)\//, '$1/');

describe('every Asset our readers return → GLB and .gltf → valid → read back', () => {
  it.each(fixtures.map(name))('%s', async (file) => closure(join(FIXTURES, basename(file))));
  it.each(hostile.map(name))('%s', async (file) => closure(join(HOSTILE, basename(file))));
  it.skipIf(!corpus.length).each(corpus.length ? corpus : ['(corpus missing)'])('corpus: %s', async (path) => closure(path));
  it.skipIf(!samples.length).each(samples.length ? samples : ['(samples missing)'])('assimp sample: %s', async (path) => closure(path), 30_000);
});
