// `meshcodec/worker` after bundling, as an application gets it: the packed tarball installed in a
// new project, a tiny page that imports the pool (and MeshFormatError from `meshcodec`) built by
// Vite, webpack 5 and esbuild through their APIs, each output served and run in Chromium, which
// decodes a fixture and a truncated copy of it in the pool. Vite and webpack take the pool's
// literal `new Worker(new URL('./browser-pool-worker.js', import.meta.url), { type: 'module' })`
// with no configuration; esbuild keeps the URL but does not copy the script, so its page uses
// the README's recipe: `meshcodec/worker-script` as a second entry point, found through
// `workerUrl` or started by `createWorker`. Needs `npm run build` and Debian's chromium
// (npm run test:browser); skips with a message otherwise, except in CI (CI=true).
import { readFileSync, writeFileSync, mkdirSync, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iqmFormat, MeshFormatError } from '../bindings/index.js';
import { browserSkipReason, launchChromium, type ChromiumSession } from './helpers/chromium.js';
import { installProject, packPackage, PACKAGE_ROOT as ROOT } from './helpers/packed-package.js';
import { makeTempDir, removeTempDir } from './helpers/temp-dir.js';

const missing = browserSkipReason('bundler test', [{ path: join(ROOT, 'dist/worker.js'), buildWith: 'npm run build' }]);

const FIXTURE = 'tube.iqm';
/** Bytes of the fixture the page keeps for its broken file. */
const CUT = 200;

/** The page's script: pool options in, a result (or the error) out on window.__meshcodec. */
const main = (poolOptions: string) => `import { createDecodePool } from 'meshcodec/worker';
import { MeshFormatError } from 'meshcodec';

const pool = createDecodePool({ size: 1, ${poolOptions} });
async function run() {
  const bytes = new Uint8Array(await (await fetch('/${FIXTURE}')).arrayBuffer());
  const { format, asset } = await pool.decode({ name: '${FIXTURE}', bytes: bytes.slice() });
  const mesh = asset.meshes[0];
  let broken;
  try {
    await pool.decode({ name: '${FIXTURE}', bytes: bytes.slice(0, ${CUT}) });
    broken = 'decoded';
  } catch (e) {
    broken = { isMeshFormatError: e instanceof MeshFormatError, code: e.code, offset: e.offset };
  }
  return { format, vertices: mesh.attributes.positions.length / 3, indices: mesh.indices.length, joints: asset.skeleton?.joints.length ?? 0, broken };
}
run().then((result) => { window.__meshcodec = result; }, (e) => { window.__meshcodec = { error: String(e) }; }).finally(() => pool.destroy());
`;

/** One bundler's output: a folder to serve and the page in it. */
interface Build { name: string; dir: string; page: string }

const MODULE_PAGE = (script: string) => `<!doctype html><meta charset="utf-8"><title>meshcodec</title><script type="module" src="${script}"></script>`;

async function buildWithVite(app: string, out: string): Promise<Build> {
  const { build } = await import('vite');
  writeFileSync(join(app, 'index.html'), MODULE_PAGE('/src/main.js'));
  await build({ root: app, configFile: false, logLevel: 'silent', build: { outDir: out, emptyOutDir: true } });
  return { name: 'vite', dir: out, page: 'index.html' };
}

async function buildWithWebpack(app: string, out: string): Promise<Build> {
  const { default: webpack } = await import('webpack');
  await new Promise<void>((resolve, reject) => {
    webpack({
      mode: 'production', context: app, entry: './src/main.js', output: { path: out, publicPath: 'auto' },
      // Minifying is the slow half of a webpack build and changes nothing the test looks at.
      optimization: { minimize: false }, performance: { hints: false },
    }, (error, stats) => {
      if (error) reject(error);
      else if (stats?.hasErrors()) reject(new Error(stats.toString({ all: false, errors: true })));
      else resolve();
    });
  });
  writeFileSync(join(out, 'index.html'), '<!doctype html><meta charset="utf-8"><title>meshcodec</title><script src="main.js"></script>');
  return { name: 'webpack', dir: out, page: 'index.html' };
}

/** esbuild: the README's recipe, the worker script as an entry point of its own (`workers/decode.js`). */
async function buildWithEsbuild(app: string, out: string): Promise<Build[]> {
  const { build } = await import('esbuild');
  await build({
    absWorkingDir: app,
    entryPoints: ['src/main.js', 'src/main-url.js', 'src/main-factory.js', { in: 'meshcodec/worker-script', out: 'workers/decode' }],
    bundle: true, splitting: true, format: 'esm', outdir: out, logLevel: 'silent',
  });
  writeFileSync(join(out, 'index.html'), MODULE_PAGE('main.js'));
  writeFileSync(join(out, 'url.html'), MODULE_PAGE('main-url.js'));
  writeFileSync(join(out, 'factory.html'), MODULE_PAGE('main-factory.js'));
  return [
    { name: 'esbuild, no option', dir: out, page: 'index.html' },
    { name: 'esbuild, workerUrl', dir: out, page: 'url.html' },
    { name: 'esbuild, createWorker', dir: out, page: 'factory.html' },
  ];
}

/** Serves `dir` and the fixture (at /tube.iqm) on 127.0.0.1. */
async function serve(dir: string): Promise<{ base: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === `/${FIXTURE}`) return res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(readFileSync(join(ROOT, 'fixtures', FIXTURE)));
    const file = normalize(join(dir, path));
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': extname(file) === '.html' ? 'text/html' : 'text/javascript' }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe.skipIf(missing !== '')('meshcodec/worker bundled by Vite, webpack and esbuild, run in Chromium', () => {
  let work = '';
  const builds: Build[] = [];
  const servers: Server[] = [];
  let browser: ChromiumSession | undefined;

  beforeAll(async () => {
    work = makeTempDir('bundlers');
    const app = join(work, 'app');
    installProject(app, [packPackage(work).tarball]);
    mkdirSync(join(app, 'src'));
    writeFileSync(join(app, 'src/main.js'), main(''));
    writeFileSync(join(app, 'src/main-url.js'), main(`workerUrl: 'workers/decode.js'`));
    writeFileSync(join(app, 'src/main-factory.js'), main(`createWorker: () => new Worker(new URL('./workers/decode.js', import.meta.url), { type: 'module' })`));
    builds.push(await buildWithVite(app, join(work, 'out-vite')));
    builds.push(await buildWithWebpack(app, join(work, 'out-webpack')));
    builds.push(...(await buildWithEsbuild(app, join(work, 'out-esbuild'))));
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    if (work) removeTempDir(work);
  });

  const bytes = new Uint8Array(readFileSync(join(ROOT, 'fixtures', FIXTURE)));
  const expected = () => {
    const asset = iqmFormat.parseSync(bytes);
    const mesh = asset.meshes[0]!;
    let broken: unknown = 'decoded';
    try {
      iqmFormat.parseSync(bytes.slice(0, CUT));
    } catch (e) {
      if (!(e instanceof MeshFormatError)) throw e;
      broken = { isMeshFormatError: true, code: e.code, offset: e.offset };
    }
    return { format: 'iqm', vertices: mesh.attributes.positions.length / 3, indices: mesh.indices.length, joints: asset.skeleton?.joints.length ?? 0, broken };
  };

  it('the default worker URL is written literally in the shape Vite and webpack recognise', () => {
    const worker = readFileSync(join(ROOT, 'dist/worker.js'), 'utf8');
    expect(worker).toMatch(/new Worker\(new URL\('\.\/browser-pool-worker\.js', import\.meta\.url\), \{ type: 'module'/);
  });

  /** Opens `build`'s page and waits for its result; `failed` collects requests that failed. */
  async function runPage(build: Build, failed: string[]): Promise<unknown> {
    const { base, server } = await serve(build.dir);
    servers.push(server);
    const page = await browser!.context.newPage();
    page.on('requestfailed', (request) => failed.push(request.url()));
    page.on('response', (response) => { if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`); });
    try {
      await page.goto(`${base}/${build.page}`);
      return await (await page.waitForFunction('window.__meshcodec', undefined, { timeout: 30_000 })).jsonValue();
    } finally {
      await page.close();
    }
  }

  it('esbuild without the recipe: the URL is kept, the script is not copied, and the pool says so', async () => {
    const failed: string[] = [];
    const result = await runPage(builds.find((b) => b.name === 'esbuild, no option')!, failed);
    expect(result).toEqual({ error: 'Error: meshcodec: decode worker failed: its script did not load' });
    expect(failed).toContain('404 /browser-pool-worker.js');
  });

  it.each(['vite', 'webpack', 'esbuild, workerUrl', 'esbuild, createWorker'])('%s: the page decodes a file and a broken one in the pool', async (name) => {
    const failed: string[] = [];
    const result = await runPage(builds.find((b) => b.name === name)!, failed);
    expect(failed.filter((url) => !url.endsWith('/favicon.ico'))).toEqual([]);
    expect(result).toEqual(expected());
  });
});
