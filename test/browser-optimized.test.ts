// Issue 20, item 6: meshcodec's optimized GLBs (`quantize: true, compress: 'meshopt', textures:
// 'embed'`) of every fixture, every corpus file and mrfixit.iqm (with Body.jpg, Head.jpg), loaded
// by three.js's own GLTFLoader with its MeshoptDecoder in headless Chromium (Debian's, through
// playwright-core). What three.js decodes is compared with the SOURCE Asset (parsed by meshcodec
// in Node), within README § glTF quantization's bounds: positions (world space for static meshes;
// skinned meshes in their bind space, through three's own applyBoneTransform at the rest pose,
// which applies the inverse bind matrices the position grid is folded into), normals, tangents,
// UVs, colours, skin weights, and every animation's rotation keys (translation and scale keys,
// kept float32, exactly). The optimized mrfixit is rendered too and saved to
// test/artifacts/optimized-mrfixit.png, which must be coloured (its JPEGs), not grey.
//
// The meshopt writer renumbers each mesh's vertices (vertex-cache and vertex-fetch order), so
// decoded vertices are matched to source vertices by value (test/helpers/optimized-comparison.ts):
// each decoded vertex to every source vertex within all bounds, then each decoded triangle to a
// source triangle whose corners are among its corners' matches. Alternatives: matching each
// vertex to its one nearest source vertex failed on 5 corpus files (5,607 of Box47's 76,303
// triangles: source vertices a fraction of a step apart swap places once quantized); asking the
// writer for its remap (reorderForMeshopt) would check the writer with its own internals.
//
// Needs no build (the GLBs are made here; ~12 s on this shared 2-core machine). Skips with a
// message without Chromium; the corpus and mrfixit parts skip with a message without the corpus
// or assimp-testmodels (except in CI).
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectFormat, glbFormat, gltf, MeshFormatError, type Asset } from '../bindings/index.js';
import { nodeSiblingResolver } from '../bindings/node/sibling-resolver.js';
import { browserSkipReason, inCI, launchChromium, type ChromiumSession } from './helpers/chromium.js';
import { CORPUS_DIR, CORPUS_SKIP_MESSAGE, corpusAvailable } from './helpers/corpus.js';
import { colourStats, RENDER_FRONT_SCRIPT, SCREENSHOT_SIZE } from './helpers/screenshot-colours.js';
import { compareAnimations, compareMeshes, type DecodedAsset, type OptimizedComparison } from './helpers/optimized-comparison.js';
import { FIXTURES_DIR } from '../fixtures/make-fixtures.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const ARTIFACTS = join(ROOT, 'test/artifacts');
const MRFIXIT = '/usr/share/assimp/models/IQM/mrfixit.iqm';
const OPTIMIZE = { quantize: true, compress: 'meshopt', textures: 'embed' } as const;
const SIZE = SCREENSHOT_SIZE;

const missing = browserSkipReason('browser optimized-GLB test', []);
const mrfixitMissing = !existsSync(MRFIXIT) && !inCI;
if (!corpusAvailable && !inCI) console.warn(`[meshcodec tests] browser optimized-GLB test: corpus part skipped: ${CORPUS_SKIP_MESSAGE}`);
if (mrfixitMissing) console.warn(`[meshcodec tests] browser optimized-GLB test: mrfixit part skipped: ${MRFIXIT} not found (apt-get install assimp-testmodels)`);

const PAGE = `<!doctype html><meta charset="utf-8"><title>optimized GLBs</title>
<style>html, body { margin: 0; background: #ffffff; }</style>
<script type="importmap">{ "imports": { "three": "/node_modules/three/build/three.module.js", "three/addons/": "/node_modules/three/examples/jsm/" } }</script>
<script type="module">
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { MeshoptDecoder } from 'three/addons/libs/meshopt_decoder.module.js';
const loader = new GLTFLoader().setMeshoptDecoder(MeshoptDecoder);
const values = (attribute, count, components) => {
  if (!attribute) return undefined;
  const out = new Float64Array(count * components);
  for (let i = 0; i < count; i++) for (let c = 0; c < components; c++) out[i * components + c] = attribute.getComponent(i, c);
  return Array.from(out);
};
// What three.js decodes: each mesh's positions where they are drawn (static: × matrixWorld;
// skinned: three's applyBoneTransform with the bones at their rest pose, then × matrixWorld), its
// normals and UVs as attributes, its triangles; each animation's rotation, position and scale tracks.
window.decode = async (url) => {
  const loaded = await loader.loadAsync(url);
  loaded.scene.updateMatrixWorld(true);
  const meshes = [];
  loaded.scene.traverse((object) => {
    if (!object.isMesh) return;
    const g = object.geometry;
    const count = g.attributes.position.count;
    const p = new THREE.Vector3();
    const positions = new Float64Array(count * 3);
    for (let i = 0; i < count; i++) {
      p.fromBufferAttribute(g.attributes.position, i);
      // As the shaders place it: skinned, bone matrices (joint world × inverse bind) then the mesh's bindMatrixInverse; then the model matrix.
      if (object.isSkinnedMesh) object.applyBoneTransform(i, p);
      p.applyMatrix4(object.matrixWorld);
      positions.set([p.x, p.y, p.z], i * 3);
    }
    meshes.push({
      name: object.name,
      skinned: object.isSkinnedMesh === true,
      positions: Array.from(positions),
      normals: values(g.attributes.normal, count, 3),
      tangents: values(g.attributes.tangent, count, 4),
      uvs: [g.attributes.uv, g.attributes.uv1].filter(Boolean).map((uv) => values(uv, count, 2)),
      colors: values(g.attributes.color, count, 4),
      joints: values(g.attributes.skinIndex, count, 4),
      weights: values(g.attributes.skinWeight, count, 4),
      indices: g.index ? Array.from(g.index.array) : undefined,
      textured: object.material.map != null,
    });
  });
  const animations = loaded.animations.map((clip) => ({
    name: clip.name,
    tracks: clip.tracks.flatMap((t) => {
      const path = { quaternion: 'rotation', position: 'translation', scale: 'scale' }[t.name.slice(t.name.lastIndexOf('.') + 1)];
      return path ? [{ path, times: Array.from(t.times), values: Array.from(t.values) }] : [];
    }),
  }));
  return { meshes, animations };
};
${RENDER_FRONT_SCRIPT}
window.show = async (url) => {
  const loaded = await loader.loadAsync(url);
  renderFront(loaded.scene);
};
window.ready = true;
</script>`;

interface Source {
  name: string;
  read(): Asset | undefined;
}

/** Every file of `folder` a reader knows (companions such as x.msh.blob are read with their main file), read with its siblings resolved. */
function folderSources(folder: string, label: string): Source[] {
  if (!existsSync(folder) || !statSync(folder).isDirectory()) return [];
  const names = readdirSync(folder).sort();
  return names.flatMap((name) => {
    const path = join(folder, name);
    if (!statSync(path).isFile() || names.some((other) => other !== name && name.startsWith(`${other}.`))) return [];
    const bytes = new Uint8Array(readFileSync(path));
    const format = detectFormat(bytes, name);
    if (!format) return [];
    return [{ name: `${label}/${name}`, read: () => readOrRefused(() => format.parseSync(bytes, { fileName: path, resolve: nodeSiblingResolver(path) })) }];
  });
}

/** The Asset, or undefined when the reader refuses the file (editor_box_ms10.mesh): refusals are the readers' tests' business. */
function readOrRefused(read: () => Asset): Asset | undefined {
  try {
    return read();
  } catch (error) {
    if (error instanceof MeshFormatError && error.code !== 'INTERNAL') return undefined;
    throw error;
  }
}

const corpusSources = corpusAvailable ? readdirSync(CORPUS_DIR).sort().flatMap((folder) => folderSources(join(CORPUS_DIR, folder), `corpus/${folder}`)) : [];
const sources: Source[] = [...folderSources(FIXTURES_DIR, 'fixtures'), ...corpusSources, ...(existsSync(MRFIXIT) ? folderSources(dirname(MRFIXIT), 'assimp/IQM') : [])];

describe.skipIf(missing !== '')('browser: optimized GLBs in three.js (GLTFLoader + MeshoptDecoder, Chromium)', () => {
  let server: Server;
  let base = '';
  let session: ChromiumSession;
  const glbs = new Map<string, Uint8Array>();
  const written = new Map<string, { source: Asset; json: Record<string, any> }>();

  beforeAll(async () => {
    await gltf.initMeshopt();
    sources.forEach((source, i) => {
      const asset = source.read();
      if (!asset) return;
      const bytes = glbFormat.encodeSync(asset, OPTIMIZE);
      glbs.set(`/glb/${i}.glb`, bytes);
      // A fresh Asset to compare with: the writer must not have changed what it was given, but the comparison should not depend on it.
      written.set(source.name, { source: source.read()!, json: gltf.readGltfInput(bytes).json as Record<string, any> });
    });
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
      const glb = glbs.get(url.pathname);
      if (glb) return res.writeHead(200, { 'content-type': 'model/gltf-binary' }).end(glb);
      const file = normalize(join(ROOT, url.pathname));
      if (!file.startsWith(join(ROOT, 'node_modules', 'three')) || !existsSync(file)) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(file));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    session = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await session?.close();
    await new Promise((done) => server?.close(done));
  });

  async function decodeAll(names: string[]): Promise<Map<string, OptimizedComparison>> {
    const page = await session.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(base);
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
    const results = new Map<string, OptimizedComparison>();
    for (const name of names) {
      const index = sources.findIndex((s) => s.name === name);
      const entry = written.get(name);
      if (!entry) continue;
      const decoded = await page.evaluate(async (url) => (window as unknown as { decode(url: string): Promise<DecodedAsset> }).decode(url), `/glb/${index}.glb`);
      results.set(name, { meshes: compareMeshes(entry.source, decoded), animations: compareAnimations(entry.source, entry.json, decoded) });
    }
    await page.close();
    expect(errors).toEqual([]);
    return results;
  }

  function expectWithinBounds(results: Map<string, OptimizedComparison>): void {
    for (const [name, r] of results) {
      const errors = Object.entries(r.meshes.maxErrors).map(([what, e]) => `${what} ≤ ${e.toExponential(2)}`).join(', ');
      console.info(`[optimized] ${name}: ${r.meshes.vertices} vertices (${r.meshes.skinnedVertices} skinned), position ≤ ${r.meshes.maxPositionSteps.toFixed(4)} step (skinned, beyond step / 2: ${r.meshes.maxFoldRounding.toExponential(2)} of the bind pose's scale), ${errors}, ${r.meshes.rareUnitVectors} unit vectors one step off; ${r.animations.keys.rotation} rotation keys ≤ ${r.animations.maxErrors.rotation.toExponential(2)}, ${r.animations.keys.translation} translation and ${r.animations.keys.scale} scale keys ≤ ${Math.max(r.animations.maxErrors.translation, r.animations.maxErrors.scale)}`);
    }
    // What was decoded was optimized: every file with data compressed through EXT_meshopt_compression (three.js needs the MeshoptDecoder to read it), quantized files among them.
    const extensions = [...results.keys()].map((name) => written.get(name)!.json).filter((json) => json.bufferViews?.length).map((json) => (json.extensionsRequired ?? []) as string[]);
    expect(extensions.filter((required) => !required.includes('EXT_meshopt_compression'))).toEqual([]);
    expect(extensions.some((required) => required.includes('KHR_mesh_quantization')) || extensions.length === 0).toBe(true);
    const failures = [...results].flatMap(([name, r]) => [...r.meshes.failures, ...r.animations.failures].map((f) => `${name}: ${f}`));
    expect(failures).toEqual([]);
  }

  it('every fixture: positions, normals, tangents, UVs, colours, skin weights and animation keys as three.js decodes them are the source Asset within the stated bounds', async () => {
    const names = sources.filter((s) => s.name.startsWith('fixtures/')).map((s) => s.name);
    expect(names.length).toBeGreaterThan(5);
    const results = await decodeAll(names);
    expect(results.size).toBe(names.length);
    expectWithinBounds(results);
    expect([...results.values()].reduce((n, r) => n + r.meshes.vertices, 0)).toBeGreaterThan(0);
    expect([...results.values()].reduce((n, r) => n + r.animations.keys.rotation, 0)).toBeGreaterThan(0);
  });

  it.skipIf(!corpusAvailable && !inCI)('every corpus file: the same', async () => {
    const names = sources.filter((s) => s.name.startsWith('corpus/')).map((s) => s.name);
    const results = await decodeAll(names);
    // Every file was written and decoded but the one the reader refuses (an "ms10" file, corpus README).
    expect(names.filter((name) => !results.has(name))).toEqual(['corpus/unigine/editor_box_ms10.mesh']);
    expectWithinBounds(results);
    const skinned = [...results.values()].reduce((n, r) => n + r.meshes.skinnedVertices, 0);
    expect(skinned).toBeGreaterThan(0);
    expect([...results.values()].reduce((n, r) => n + r.animations.keys.rotation, 0)).toBeGreaterThan(1000);
    expect([...results.values()].reduce((n, r) => n + r.animations.keys.translation + r.animations.keys.scale, 0)).toBeGreaterThan(100);
  }, 60_000);

  it.skipIf(mrfixitMissing)('mrfixit.iqm with its JPEGs: within the bounds, both maps found; the render is coloured; screenshot saved', async () => {
    const results = await decodeAll(['assimp/IQM/mrfixit.iqm']);
    expectWithinBounds(results);
    const mrfixit = results.get('assimp/IQM/mrfixit.iqm')!;
    expect(mrfixit.meshes.textured).toBe(2);
    expect(mrfixit.meshes.skinnedVertices).toBeGreaterThan(0);
    const page = await session.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.setViewportSize(SIZE);
    await page.goto(base);
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
    const index = sources.findIndex((s) => s.name === 'assimp/IQM/mrfixit.iqm');
    await page.evaluate(async (url) => (window as unknown as { show(url: string): Promise<void> }).show(url), `/glb/${index}.glb`);
    const png = new Uint8Array(await page.screenshot());
    await page.close();
    expect(errors).toEqual([]);
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(join(ARTIFACTS, 'optimized-mrfixit.png'), png);
    const stats = colourStats(png);
    expect(stats.drawn).toBeGreaterThan((SIZE.width * SIZE.height) / 20);
    expect(stats.coloured / stats.drawn).toBeGreaterThan(0.2);
  }, 60_000);
});
