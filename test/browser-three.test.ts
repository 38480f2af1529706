// `meshcodec/three` as an application gets it: the packed tarball installed in a new project
// beside three, a page importing `MeshcodecLoader` from 'meshcodec/three' built by Vite (the
// loader's worker pool bundled with no configuration), served with the fixtures and run in
// Chromium. The page loads every fixture through `loadAsync` (a .msh fetches its .msh.blob
// through the loader's FileLoader), decoding in module workers, draws it with its first clip at
// two times, and the test saves a screenshot per file to test/artifacts/three-*.png. A broken
// file rejects with MeshFormatError (the class 'meshcodec' exports). Needs `npm run build` and
// Debian's chromium (npm run test:browser); skips with a message otherwise, except in CI.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectFormat, glbFormat, iqmFormat, summarizeAsset } from '../bindings/index.js';
import { browserSkipReason, launchChromium, type ChromiumSession } from './helpers/chromium.js';
import { installProject, packPackage, PACKAGE_ROOT as ROOT } from './helpers/packed-package.js';
import { siblingsOf } from './helpers/sibling-files.js';
import { makeTempDir, removeTempDir } from './helpers/temp-dir.js';

const missing = browserSkipReason('three.js loader browser test', [{ path: join(ROOT, 'dist/three.js'), buildWith: 'npm run build' }]);
const FIXTURES = join(ROOT, 'fixtures');
const ARTIFACTS = join(ROOT, 'test/artifacts');
const MRFIXIT = '/usr/share/assimp/models/IQM';
const TYPES_THREE_VERSION = (JSON.parse(readFileSync(join(ROOT, 'node_modules/@types/three/package.json'), 'utf8')) as { version: string }).version;
const THREE_VERSION = (JSON.parse(readFileSync(join(ROOT, 'node_modules/three/package.json'), 'utf8')) as { version: string }).version;

/** Every fixture that is a file of its own (not `x.msh.blob`, not the generator's sources). */
const fixtureNames = readdirSync(FIXTURES)
  .filter((name) => !name.endsWith('.ts') && !readdirSync(FIXTURES).some((owner) => owner !== name && name.startsWith(`${owner}.`)))
  .sort();

/** The page: draws one loaded file at a time into a 320×240 canvas; `window.__show(url, fraction)` answers what it loaded. */
const MAIN = `import { MeshcodecLoader } from 'meshcodec/three';
import { MeshFormatError } from 'meshcodec';
import { AnimationMixer, Box3, Color, DirectionalLight, DoubleSide, HemisphereLight, PerspectiveCamera, Scene, Vector3, WebGLRenderer } from 'three';

const canvas = document.createElement('canvas');
canvas.width = 320;
canvas.height = 240;
document.body.append(canvas);
const renderer = new WebGLRenderer({ canvas, preserveDrawingBuffer: true });
const loader = new MeshcodecLoader().setWorkerLimit(2);

async function load(url) {
  try {
    return await loader.loadAsync(url);
  } catch (error) {
    return { error: { isMeshFormatError: error instanceof MeshFormatError, code: error.code, message: error.message } };
  }
}

window.__show = async (url) => {
  const gltf = await load(url);
  if (gltf.error) return gltf;
  const scene = new Scene();
  scene.background = new Color(0x1d2430);
  scene.add(new HemisphereLight(0xffffff, 0x445060, 2.2));
  const sun = new DirectionalLight(0xffffff, 2);
  sun.position.set(3, 5, 4);
  scene.add(sun, gltf.scene);
  let vertices = 0, triangles = 0, bones = 0;
  const maps = {};
  gltf.scene.traverse((o) => {
    if (o.isMesh) { vertices += o.geometry.getAttribute('position').count; triangles += o.geometry.index.count / 3; o.material.side = DoubleSide; }
    if (o.isMesh && o.material.map) maps[o.material.name] = [o.material.map.image.width, o.material.map.image.height];
    if (o.isBone) bones++;
  });
  gltf.scene.updateMatrixWorld(true);
  const box = new Box3().setFromObject(gltf.scene, true);
  if (box.isEmpty()) box.expandByPoint(new Vector3(-1, -1, -1)).expandByPoint(new Vector3(1, 1, 1));
  const size = box.getSize(new Vector3()).length() || 1;
  const centre = box.getCenter(new Vector3());
  const camera = new PerspectiveCamera(40, 320 / 240, size / 100, size * 100);
  camera.position.copy(centre).add(new Vector3(0.6, 0.45, 1).normalize().multiplyScalar(size * 1.7));
  camera.lookAt(centre);
  const mixer = new AnimationMixer(gltf.scene);
  const clip = gltf.animations[0];
  if (clip) mixer.clipAction(clip).play();
  const frames = [];
  for (const fraction of [0, 0.5]) {
    mixer.setTime(clip ? clip.duration * fraction : 0);
    renderer.render(scene, camera);
    frames.push(canvas.toDataURL());
  }
  const info = gltf.userData.meshcodec;
  return { format: info.format, inWorker: info.inWorker, vertices, triangles, bones, clips: gltf.animations.map((c) => c.name), moved: frames[0] !== frames[1], png: frames[1], maps };
};
// An ArrayBuffer given to parseAsync moves to the worker (detached here); an aborted signal rejects with its reason.
window.__transferAndAbort = async () => {
  const bytes = await (await fetch('/fixtures/tube.iqm')).arrayBuffer();
  const before = bytes.byteLength;
  await loader.parseAsync(bytes, 'tube.iqm');
  const controller = new AbortController();
  const pending = loader.parseAsync(await (await fetch('/fixtures/tube.mesh')).arrayBuffer(), 'tube.mesh', { signal: controller.signal });
  controller.abort(new Error('stopped by the page'));
  const aborted = await pending.then(() => 'loaded', (e) => e.message);
  const after = await loader.loadAsync('/fixtures/tube.iqm');
  return { before, after: bytes.byteLength, aborted, loadsAfterAbort: after.animations.length };
};
window.__ready = true;
`;

/** A TypeScript user of the loader, compiled against the packed package's declarations and @types/three. */
const CHECK_TS = `import { MeshcodecLoader, MESHCODEC_LOADER_DEFAULTS, type MeshcodecResult } from 'meshcodec/three';
import { MeshFormatError } from 'meshcodec';
import { AnimationMixer, type Group, type Material } from 'three';

const loader: MeshcodecLoader = new MeshcodecLoader(undefined, { upAxis: 'y', decoder: MESHCODEC_LOADER_DEFAULTS.decoder, createMaterial: (name): Material | undefined => (name ? undefined : undefined) });
loader.setWorkerLimit(2).setPath('/models/');
export async function show(url: string): Promise<Group> {
  try {
    const gltf: MeshcodecResult = await loader.loadAsync(url);
    new AnimationMixer(gltf.scene).clipAction(gltf.animations[0]!).play();
    const info: { format: string; warnings: string[] } = gltf.userData.meshcodec;
    console.log(info.format, info.warnings.length, gltf.asset.generator);
    return gltf.scene;
  } catch (error) {
    if (error instanceof MeshFormatError) console.log(error.code, error.offset);
    throw error;
  }
}
loader.parse(new ArrayBuffer(8), 'x.iqm', (result) => console.log(result.scenes.length), (error) => console.log(error));
loader.dispose();
`;

/** What the page must report for fixture `name`: the reader's own counts. */
function expected(name: string) {
  const path = join(FIXTURES, name);
  const bytes = new Uint8Array(readFileSync(path));
  const handler = detectFormat(bytes, name)!;
  const asset = handler.parseSync(bytes, { fileName: name, resolve: siblingsOf(path) });
  const s = summarizeAsset(asset);
  return { format: handler.name, inWorker: true, vertices: s.vertices, triangles: s.triangles, bones: s.joints, clips: asset.animations.map((a, i) => a.name || `animation_${i}`) };
}

/** meshcodec's GLB of mrfixit.iqm, its textures found beside it and embedded. */
function mrfixitGlb(): Uint8Array {
  const path = join(MRFIXIT, 'mrfixit.iqm');
  return glbFormat.encodeSync(iqmFormat.parseSync(new Uint8Array(readFileSync(path)), { fileName: path, resolve: siblingsOf(path) }));
}

/** Whether fixture `name` has a mesh skinned to its skeleton. */
function skinned(name: string): boolean {
  const path = join(FIXTURES, name);
  const bytes = new Uint8Array(readFileSync(path));
  const asset = detectFormat(bytes, name)!.parseSync(bytes, { fileName: name, resolve: siblingsOf(path) });
  return asset.skeleton !== undefined && asset.meshes.some((m) => m.attributes.joints !== undefined);
}

async function serve(dir: string): Promise<{ base: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    // /textured/: assimp's mrfixit.iqm with its JPEGs beside it, and meshcodec's GLB of it (images embedded).
    if (path.startsWith('/textured/') && existsSync(join(MRFIXIT, path.slice('/textured/'.length)))) return res.writeHead(200).end(readFileSync(join(MRFIXIT, path.slice('/textured/'.length))));
    if (path === '/generated/mrfixit.glb') return res.writeHead(200).end(mrfixitGlb());
    // /broken/: a truncated tube.iqm, and tube.msh without its blob.
    if (path === '/broken/tube.iqm') return res.writeHead(200).end(readFileSync(join(FIXTURES, 'tube.iqm')).subarray(0, 200));
    if (path === '/broken/tube.msh') return res.writeHead(200).end(readFileSync(join(FIXTURES, 'tube.msh')));
    const [root, rest] = path.startsWith('/fixtures/') ? [FIXTURES, path.slice('/fixtures/'.length)] : [dir, path];
    const file = normalize(join(root, rest === '/' ? 'index.html' : rest));
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) return res.writeHead(404).end();
    const type = extname(file) === '.html' ? 'text/html' : extname(file) === '.js' ? 'text/javascript' : 'application/octet-stream';
    res.writeHead(200, { 'content-type': type }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe.skipIf(missing !== '')('meshcodec/three from the packed package, bundled by Vite, in Chromium', () => {
  let work = '';
  let checkApp = '';
  let server: Server | undefined;
  let base = '';
  let browser: ChromiumSession | undefined;
  let page: Awaited<ReturnType<ChromiumSession['context']['newPage']>>;
  const failed: string[] = [];

  beforeAll(async () => {
    work = makeTempDir('three');
    const app = join(work, 'app');
    installProject(app, [packPackage(work).tarball, `three@${THREE_VERSION}`, `@types/three@${TYPES_THREE_VERSION}`, 'typescript@~5.9']);
    mkdirSync(join(app, 'src'));
    writeFileSync(join(app, 'src/check.ts'), CHECK_TS);
    checkApp = app;
    writeFileSync(join(app, 'src/main.js'), MAIN);
    writeFileSync(join(app, 'index.html'), '<!doctype html><meta charset="utf-8"><title>meshcodec/three</title><body><script type="module" src="/src/main.js"></script>');
    const { build } = await import('vite');
    const out = join(work, 'out');
    await build({ root: app, configFile: false, logLevel: 'silent', build: { outDir: out, emptyOutDir: true } });
    ({ base, server } = await serve(out));
    browser = await launchChromium();
    page = await browser.context.newPage();
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    await page.goto(`${base}/`);
    await page.waitForFunction('window.__ready === true', undefined, { timeout: 60_000 });
    mkdirSync(ARTIFACTS, { recursive: true });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    if (work) removeTempDir(work);
  });

  it('the core bundle does not import three; the loader entry does', () => {
    for (const file of ['index.js', 'library.js', 'worker.js']) expect(readFileSync(join(ROOT, 'dist', file), 'utf8'), file).not.toMatch(/from ['"]three['"]/);
    expect(readFileSync(join(ROOT, 'dist/three.js'), 'utf8')).toMatch(/from 'three'/);
  });

  it.each(fixtureNames)('%s loads in a worker, draws, and its first clip moves it', async (name) => {
    const result = (await page.evaluate(`window.__show(${JSON.stringify(`/fixtures/${name}`)})`)) as Record<string, unknown>;
    expect(result.error, name).toBeUndefined();
    const { png, moved, maps: _maps, ...rest } = result as { png: string; moved: boolean; maps: unknown };
    expect(rest).toEqual(expected(name));
    writeFileSync(join(ARTIFACTS, `three-${name.replace(/\./g, '-')}.png`), Buffer.from(png.split(',')[1]!, 'base64'));
    // The fixtures' clip bends the tube: where the mesh is skinned (not Transport Fever's, whose
    // KEYFRAME clip moves a joint the vertices are not bound to), two times draw differently.
    if (skinned(name)) expect(moved, name).toBe(true);
    expect(failed).toEqual([]);
  });

  it.skipIf(!existsSync(join(MRFIXIT, 'mrfixit.iqm')))('textures: mrfixit.iqm gets its JPEGs fetched beside it, its GLB its embedded images', async () => {
    for (const url of ['/textured/mrfixit.iqm', '/generated/mrfixit.glb']) {
      const result = (await page.evaluate(`window.__show(${JSON.stringify(url)})`)) as { maps: Record<string, [number, number]>; png: string; error?: unknown };
      expect(result.error, url).toBeUndefined();
      expect(Object.keys(result.maps).sort(), url).toEqual(['Body.jpg', 'Head.jpg']);
      for (const [width, height] of Object.values(result.maps)) expect(width * height, url).toBeGreaterThan(0);
      writeFileSync(join(ARTIFACTS, `three-textured-${url.split('/').pop()!.replace(/\./g, '-')}.png`), Buffer.from(result.png.split(',')[1]!, 'base64'));
    }
    expect(failed).toEqual([]);
  });

  it('moves an ArrayBuffer to the worker, and an AbortSignal rejects a load with its reason', async () => {
    expect(await page.evaluate('window.__transferAndAbort()')).toEqual({ before: readFileSync(join(FIXTURES, 'tube.iqm')).byteLength, after: 0, aborted: 'stopped by the page', loadsAfterAbort: 1 });
  });

  it('its declarations compile with @types/three in a strict TypeScript project, without skipLibCheck', () => {
    const tsc = join(checkApp, 'node_modules/typescript/bin/tsc');
    const run = () => execFileSync(process.execPath, [tsc, '--noEmit', '--strict', '--target', 'es2022', '--module', 'esnext', '--moduleResolution', 'bundler', '--lib', 'es2022,dom', 'src/check.ts'], { cwd: checkApp, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(run).not.toThrow();
  });

  it('a broken file, and a .msh whose blob is missing, reject with the MeshFormatError that meshcodec exports', async () => {
    const broken = (await page.evaluate(`window.__show('/broken/tube.iqm')`)) as { error?: { isMeshFormatError: boolean; code: string } };
    expect(broken.error).toMatchObject({ isMeshFormatError: true });
    const lonely = (await page.evaluate(`window.__show('/broken/tube.msh')`)) as { error?: { isMeshFormatError: boolean; message: string } };
    expect(lonely.error).toMatchObject({ isMeshFormatError: true });
    expect(lonely.error!.message).toContain('tube.msh.blob');
    expect(failed).toEqual(['404 /broken/tube.msh.blob']);
  });
});
