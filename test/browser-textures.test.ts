// Issue 20, item 6 (the textured-mrfixit part): meshcodec's GLB of mrfixit.iqm, with Body.jpg and
// Head.jpg embedded, loaded by three.js's own GLTFLoader in headless Chromium (Debian's, through
// playwright-core; WebGL on SwiftShader) and rendered; saves test/artifacts/textured-mrfixit.png.
// The same GLB written with `textures: 'none'` is rendered too: the textured render must hold
// coloured pixels where the untextured one is grey. Needs no build (the GLB is made here from the
// sources); skips with a message without Chromium or assimp-testmodels, except in CI.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { glbFormat, iqmFormat } from '../bindings/index.js';
import { nodeSiblingResolver } from '../bindings/node/sibling-resolver.js';
import { imageSize } from '../bindings/textures/image-type.js';
import { browserSkipReason, launchChromium, type ChromiumSession } from './helpers/chromium.js';
import { colourStats, RENDER_FRONT_SCRIPT, SCREENSHOT_SIZE } from './helpers/screenshot-colours.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const ARTIFACTS = join(ROOT, 'test/artifacts');
const MRFIXIT = '/usr/share/assimp/models/IQM/mrfixit.iqm';
const missing = browserSkipReason('browser textures test', [{ path: MRFIXIT, buildWith: 'apt-get install assimp-testmodels' }]);

const SIZE = SCREENSHOT_SIZE;

const PAGE = `<!doctype html><meta charset="utf-8"><title>textured mrfixit</title>
<style>html, body { margin: 0; background: #ffffff; }</style>
<script type="importmap">{ "imports": { "three": "/node_modules/three/build/three.module.js", "three/addons/": "/node_modules/three/examples/jsm/" } }</script>
<script type="module">
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
${RENDER_FRONT_SCRIPT}
window.show = async (url) => {
  const gltf = await new GLTFLoader().loadAsync(url);
  renderFront(gltf.scene);
  const maps = [];
  gltf.scene.traverse((o) => { if (o.material?.map) maps.push({ name: o.material.name, width: o.material.map.image.width, height: o.material.map.image.height }); });
  return { maps, meshes: gltf.scene.getObjectsByProperty('isMesh', true).length };
};
window.ready = true;
</script>`;

describe.skipIf(missing !== '')('browser: textured mrfixit in three.js (GLTFLoader, Chromium)', () => {
  let server: Server;
  let base = '';
  let session: ChromiumSession;
  const glbs: Record<string, Uint8Array> = {};

  beforeAll(async () => {
    const bytes = new Uint8Array(readFileSync(MRFIXIT));
    for (const textures of ['embed', 'none'] as const) {
      const asset = iqmFormat.parseSync(bytes, { fileName: MRFIXIT, resolve: nodeSiblingResolver(MRFIXIT) });
      glbs[`/${textures}.glb`] = glbFormat.encodeSync(asset, { textures });
    }
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
      const glb = glbs[url.pathname];
      if (glb) return res.writeHead(200, { 'content-type': 'model/gltf-binary' }).end(glb);
      const file = normalize(join(ROOT, url.pathname));
      if (!file.startsWith(join(ROOT, 'node_modules', 'three')) || !existsSync(file)) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(file));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    session = await launchChromium();
  });

  afterAll(async () => {
    await session?.close();
    await new Promise((done) => server?.close(done));
  });

  it('GLTFLoader finds both JPEG maps; the render is coloured where the untextured one is grey; screenshot saved', async () => {
    const page = await session.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.setViewportSize(SIZE);
    await page.goto(base);
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
    const shot = async (glb: string) => {
      const result = await page.evaluate(async (url) => (window as unknown as { show(url: string): Promise<{ maps: { name: string; width: number; height: number }[]; meshes: number }> }).show(url), glb);
      return { result, png: new Uint8Array(await page.screenshot()) };
    };
    const textured = await shot('/embed.glb');
    expect(errors).toEqual([]);
    expect(textured.result.meshes).toBe(2);
    expect(textured.result.maps.map((m) => m.name).sort()).toEqual(['Body.jpg', 'Head.jpg']);
    // The sizes Chromium decoded are the ones meshcodec reads from the JPEG headers.
    for (const map of textured.result.maps) expect({ width: map.width, height: map.height }).toEqual(imageSize(new Uint8Array(readFileSync(join(dirname(MRFIXIT), map.name))), 'image/jpeg'));
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(join(ARTIFACTS, 'textured-mrfixit.png'), textured.png);
    const plain = await shot('/none.glb');
    expect(plain.result.maps).toEqual([]);
    const withMaps = colourStats(textured.png);
    const without = colourStats(plain.png);
    // The figure covers a good part of the frame in both renders.
    expect(withMaps.drawn).toBeGreaterThan((SIZE.width * SIZE.height) / 20);
    expect(without.drawn).toBeGreaterThan((SIZE.width * SIZE.height) / 20);
    // Untextured, glTF's default white material under white light: grey. Textured: colour.
    expect(without.coloured / without.drawn).toBeLessThan(0.02);
    expect(withMaps.coloured / withMaps.drawn).toBeGreaterThan(0.2);
    await page.close();
  });
});
