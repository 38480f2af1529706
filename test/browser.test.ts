// The built ESM bundle in headless Chromium, on the page and in a module worker: it must load its
// WebAssembly with no path configuration and give the same bits as Node. Needs `npm run build`
// (npm test runs it first) and Debian's chromium; skips with a message otherwise, except in CI
// (CI=true), where it fails.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKernelsSync, glbFormat } from '../bindings/index.js';
import { browserSkipReason, launchChromium } from './helpers/chromium.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const missing = browserSkipReason('browser test', [{ path: join(ROOT, 'dist/index.js'), buildWith: 'npm run build' }]);

/**
 * The bundle keeps its npm dependencies external (as every library does; an application's bundler
 * or an import map resolves them). Module workers take no import map, so this server rewrites the
 * bare specifiers to the packages' ES module files, as a bundler or a CDN would.
 */
const DEPENDENCIES: Record<string, string> = {
  '@gltf-transform/core': '/node_modules/@gltf-transform/core/dist/index.js',
  'property-graph': '/node_modules/property-graph/dist/index.mjs',
};

function withResolvedImports(code: string): string {
  return code.replace(/(from\s*)(["'])([^"']+)\2/g, (whole, from: string, quote: string, specifier: string) => (DEPENDENCIES[specifier] ? `${from}${quote}${DEPENDENCIES[specifier]}${quote}` : whole));
}

const Q = [0, 1, 32768, 65534, 65535, 12345, 777, 4242, 9, 60000, 3, 5];
const N = [-1, -0.5, 0, 0.25, 1, 0.123, NaN, 2];

/** An Asset literal the probe writes to GLB and reads back (glTF through @gltf-transform/core in the browser). */
const TRIANGLE = `{ source: 'test', upAxis: 'z', meshes: [{ name: 'tri', attributes: { positions: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]) }, indices: new Uint8Array([0, 1, 2]) }], animations: [], warnings: [] }`;

/** Runs on the page and in the worker: loads the bundle, picks a backend, runs two kernels. */
const PROBE = `async function probe() {
  const mc = await import('/dist/index.js');
  const k = await mc.init();
  const values = k.dequantizeUnorm16(new Uint16Array(${JSON.stringify(Q)}), 3, [-1, 0, 2], [2, 10, 0.5]);
  const normals = k.compressNormals(new Float32Array([${N.map(String).join(', ')}]));
  const glb = mc.glbFormat.encodeSync(${TRIANGLE});
  const back = mc.glbFormat.parseSync(glb);
  return { backend: mc.backend(), simd: mc.simdSupported, values: Array.from(new Uint32Array(values.buffer)), normals: Array.from(normals), glbBytes: glb.length, glbPositions: Array.from(back.meshes[0].attributes.positions) };
}`;

const PAGE = '<!doctype html><meta charset="utf-8"><title>meshcodec</title>';
const WORKER = `${PROBE}\nprobe().then((r) => self.postMessage(r), (e) => self.postMessage({ error: String(e) }));`;

describe.skipIf(missing !== '')('browser: the ESM bundle in Chromium', () => {
  let server: Server;
  let base = '';

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
      if (url.pathname === '/worker.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(WORKER);
      const file = normalize(join(ROOT, url.pathname));
      const served = [join(ROOT, 'dist'), ...Object.values(DEPENDENCIES).map((path) => join(ROOT, path))];
      if (!served.some((allowed) => file.startsWith(allowed)) || !existsSync(file)) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(withResolvedImports(readFileSync(file, 'utf8')));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('loads the embedded WebAssembly on the page and in a worker, with the same bits as Node', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.context.newPage();
      await page.goto(base + '/');
      const onPage = await page.evaluate(`(async () => { ${PROBE}; return probe(); })()`);
      const inWorker = await page.evaluate(`new Promise((resolve, reject) => {
        const w = new Worker('/worker.js', { type: 'module' });
        w.onmessage = (e) => resolve(e.data);
        w.onerror = (e) => reject(new Error(e.message));
      })`);
      const node = createKernelsSync('wasm-simd');
      const expected = {
        backend: 'wasm-simd',
        simd: true,
        values: Array.from(new Uint32Array(node.dequantizeUnorm16(new Uint16Array(Q), 3, [-1, 0, 2], [2, 10, 0.5]).buffer)),
        normals: Array.from(node.compressNormals(new Float32Array(N))),
        glbBytes: glbFormat.encodeSync(new Function(`return ${TRIANGLE}`)()).length,
        glbPositions: [0, 0, -0, 1, 0, -0, 0, 0, -1], // (x, y, z) → (x, z, −y)
      };
      expect(onPage).toEqual(expected);
      expect(inWorker).toEqual(expected);
    } finally {
      await browser.close();
    }
  });
});
