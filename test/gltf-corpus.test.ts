// Every file the project reads (corpus, fixtures, mrfixit.iqm) → GLB: zero errors from the Khronos
// validator (warnings printed), read back equal to the source Asset, and opened by Debian's assimp
// with the same vertex and triangle counts.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat, glbFormat, gltfFormat, summarizeAsset, type Asset } from '../bindings/index.js';
import { CORPUS_SKIP_MESSAGE, corpusAvailable, corpusFiles, corpusPath } from './helpers/corpus.js';
import { expectSameGeometryAndMotion } from './helpers/compare-assets.js';
import { validateGltf } from './helpers/gltf-validator.js';
import { assimpAvailable } from './helpers/assimp.js';

const FIXTURES = join(import.meta.dirname, '../fixtures');
const MRFIXIT = '/usr/share/assimp/models/IQM/mrfixit.iqm';
const REFUSED = ['editor_box_ms10.mesh']; // a version the UNIGINE reader refuses by design

const sources: string[] = [
  ...['tube.mesh', 'tube.anim', 'tube.iqm', 'tube.glb', 'tube.gltf'].map((f) => join(FIXTURES, f)),
  ...(corpusAvailable ? corpusFiles('unigine', ['.mesh', '.anim']).filter((f) => !REFUSED.includes(f)).map((f) => corpusPath('unigine', f)) : []),
  ...(corpusAvailable ? corpusFiles('iqm', ['.iqm']).map((f) => corpusPath('iqm', f)) : []),
  ...(existsSync(MRFIXIT) ? [MRFIXIT] : []),
];
if (!corpusAvailable) console.warn(`[meshcodec tests] ${CORPUS_SKIP_MESSAGE}`);
if (!existsSync(MRFIXIT)) console.warn(`[meshcodec tests] ${MRFIXIT} missing (apt-get install assimp-testmodels): not converted`);

const name = (path: string) => path.split('/').pop()!;

function load(path: string): Asset {
  const bytes = new Uint8Array(readFileSync(path));
  return detectFormat(bytes, path)!.parseSync(bytes);
}

const ASSIMP = assimpAvailable;
if (!ASSIMP) console.warn('[meshcodec tests] assimp not found (apt-get install assimp-utils): the independent-reader check is skipped');

describe('Asset → GLB → Asset', () => {
  for (const path of sources) {
    it(`${name(path)}: validates with zero errors and reads back equal`, async () => {
      const source = load(path);
      const glb = glbFormat.encodeSync(source);
      const report = await validateGltf(glb);
      if (report.warnings) console.log(`[gltf-validator] ${name(path)}: ${report.warnings} warnings\n  ${report.messages.join('\n  ')}`);
      expect(report.messages.filter((m) => report.errors && m), 'validator errors').toEqual(report.errors ? report.messages : []);
      expect(report.errors).toBe(0);
      const back = glbFormat.parseSync(glb, { upAxis: source.upAxis === 'z' ? 'z' : 'y' });
      expectSameGeometryAndMotion(source, back);
    });
  }

  it('a .gltf with its .bin and an embedded .gltf validate and read back as the GLB does', async () => {
    const source = load(join(FIXTURES, 'tube.mesh'));
    const files = gltfFormat.encodeFiles!(source, 'out/tube.gltf');
    expect(files.map((f) => f.name)).toEqual(['out/tube.gltf', 'out/tube.bin']);
    const resources = { 'tube.bin': files[1]!.bytes };
    expect((await validateGltf(files[0]!.bytes, resources)).errors).toBe(0);
    const embedded = gltfFormat.encodeSync(source);
    expect((await validateGltf(embedded)).errors).toBe(0);
    const fromFiles = gltfFormat.parseSync(files[0]!.bytes, { upAxis: 'z', resolve: (n) => (resources as Record<string, Uint8Array>)[n] });
    const fromEmbedded = gltfFormat.parseSync(embedded, { upAxis: 'z' });
    expectSameGeometryAndMotion(source, fromFiles);
    expect(fromEmbedded).toEqual(fromFiles);
  });
});

describe.skipIf(!ASSIMP)('assimp opens every GLB', () => {
  it('with the same vertex and triangle counts (raw import, no post-processing)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'meshcodec-gltf-'));
    try {
      for (const path of sources) {
        const source = load(path);
        const summary = summarizeAsset({ ...source, meshes: source.meshes.filter((m) => m.indices.length >= 3) });
        if (summary.triangles === 0) continue; // animation-only: nothing for assimp to count
        const out = join(dir, `${name(path)}.glb`);
        writeFileSync(out, glbFormat.encodeSync(source));
        const info = execFileSync('assimp', ['info', out, '--raw'], { encoding: 'utf8' });
        const vertices = Number(/Vertices:\s+(\d+)/.exec(info)?.[1]);
        const faces = Number(/Faces:\s+(\d+)/.exec(info)?.[1]);
        expect([name(path), vertices, faces]).toEqual([name(path), summary.vertices, summary.triangles]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
