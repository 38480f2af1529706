// Loading through MeshcodecLoader against the other way three.js users have today: converting the
// file to GLB (meshcodec's pool, `{ to: 'glb' }`) and loading that with GLTFLoader. Headless
// Chromium, one decode worker (wasm-simd) for both, the corpus files this build reads plus
// assimp's mrfixit.iqm, bytes in memory before timing. Interleaved: every round times each file
// both ways, the order alternating between rounds; medians over the rounds. A way's time ends
// when its result (a scene with geometry and clips) is ready.
// Run: npm run bench:three (builds dist/ first)
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { detectFormat } from '../bindings/index.js';
import { groupFiles } from '../test/demo/group-files.js';
import { launchChromium } from '../test/helpers/chromium.js';
import { corpusAvailable, corpusFiles, corpusPath, CORPUS_SKIP_MESSAGE } from '../test/helpers/corpus.js';
import { PACKAGE_ROOT as ROOT } from '../test/helpers/packed-package.js';
import { fmt, markdownTable, writeResults } from './harness.js';

if (!corpusAvailable) {
  console.error(CORPUS_SKIP_MESSAGE);
  process.exit(1);
}
const ROUNDS = Number(process.env.ROUNDS ?? 15);

const candidates = [
  ...['unigine', 'iqm', 'ms2', 'tf', 'apg'].flatMap((folder) => corpusFiles(folder, ['']).map((name) => ({ name, path: corpusPath(folder, name) }))),
  ...(existsSync('/usr/share/assimp/models/IQM/mrfixit.iqm') ? [{ name: 'mrfixit.iqm', path: '/usr/share/assimp/models/IQM/mrfixit.iqm' }] : []),
];
/** Files this build reads (refused ones, such as UNIGINE ms10, are left out), with their companions. */
const groups = groupFiles(candidates).filter(({ main, companions }) => {
  const bytes = new Uint8Array(readFileSync(main.path));
  const siblings = new Map(companions.map((c) => [c.name, new Uint8Array(readFileSync(c.path))]));
  try {
    const asset = detectFormat(bytes, main.name)?.parseSync(bytes, { fileName: main.name, resolve: (n) => siblings.get(n.split('/').pop()!) });
    return asset !== undefined && asset.meshes.length + asset.animations.length > 0;
  } catch {
    return false;
  }
});
const byUrl = new Map(groups.flatMap((g) => [g.main, ...g.companions]).map((f) => [`/files/${encodeURIComponent(f.name)}`, f.path]));

const FOLDERS: Record<string, string> = { '/dist/': join(ROOT, 'dist'), '/three/': join(ROOT, 'node_modules/three/build'), '/jsm/': join(ROOT, 'node_modules/three/examples/jsm') };
const PAGE = `<!doctype html><meta charset="utf-8"><title>three loader bench</title>
<script type="importmap">{ "imports": { "three": "/three/three.module.js", "three/addons/": "/jsm/" } }</script>
<script type="module">
import { MeshcodecLoader } from '/dist/three.js';
import { createDecodePool } from '/dist/worker.js';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
const pool = createDecodePool({ size: 1, backend: 'wasm-simd' });
const loader = new MeshcodecLoader().setDecodePool(pool);
const gltfLoader = new GLTFLoader();
const median = (v) => { const s = [...v].sort((a, b) => a - b); return s[s.length >> 1]; };
window.__run = async (groups, rounds) => {
  const files = await Promise.all(groups.map(async (g) => ({
    name: g.name,
    bytes: new Uint8Array(await (await fetch(g.url)).arrayBuffer()),
    companions: await Promise.all(g.companions.map(async (c) => ({ name: c.name, bytes: new Uint8Array(await (await fetch(c.url)).arrayBuffer()) }))),
  })));
  const copy = (f) => ({ name: f.name, bytes: f.bytes.slice(), companions: f.companions.map((c) => ({ name: c.name, bytes: c.bytes.slice() })) });
  const ways = {
    loader: async (f) => { const c = copy(f); const t = performance.now(); await loader.parseAsync(c.bytes, c.name, { companions: c.companions }); return performance.now() - t; },
    glb: async (f) => { const c = copy(f); const t = performance.now(); const { files: [glb] } = await pool.decode(c, { to: 'glb' }); await gltfLoader.parseAsync(glb.bytes.buffer, ''); return performance.now() - t; },
  };
  const times = files.map(() => ({ loader: [], glb: [] }));
  for (let round = -1; round < rounds; round++) {
    for (let i = 0; i < files.length; i++) {
      const order = round % 2 === 0 ? ['loader', 'glb'] : ['glb', 'loader'];
      for (const way of order) { const ms = await ways[way](files[i]); if (round >= 0) times[i][way].push(ms); }
    }
  }
  return files.map((f, i) => ({ name: f.name, bytes: f.bytes.length + f.companions.reduce((s, c) => s + c.bytes.length, 0), loaderMs: median(times[i].loader), glbMs: median(times[i].glb) }));
};
window.__ready = true;
</script>`;

const server = createServer((request, response) => {
  const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
  if (path === '/') return response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
  const listed = byUrl.get(`/files/${encodeURIComponent(path.slice('/files/'.length))}`);
  if (path.startsWith('/files/') && listed) return response.writeHead(200).end(readFileSync(listed));
  const prefix = Object.keys(FOLDERS).find((p) => path.startsWith(p));
  const file = prefix ? normalize(join(FOLDERS[prefix]!, path.slice(prefix.length))) : '';
  if (!prefix || !file.startsWith(FOLDERS[prefix]! + sep) || !existsSync(file) || !statSync(file).isFile()) return response.writeHead(404).end();
  response.writeHead(200, { 'content-type': extname(file) === '.js' ? 'text/javascript' : 'application/octet-stream' }).end(readFileSync(file));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const chromium = await launchChromium();
try {
  const page = await chromium.context.newPage();
  page.on('pageerror', (error) => console.error(error));
  await page.goto(`${base}/`);
  await page.waitForFunction('window.__ready === true', undefined, { timeout: 60_000 });
  const input = groups.map((g) => ({ name: g.main.name, url: `/files/${encodeURIComponent(g.main.name)}`, companions: g.companions.map((c) => ({ name: c.name, url: `/files/${encodeURIComponent(c.name)}` })) }));
  const rows = (await page.evaluate(`window.__run(${JSON.stringify(input)}, ${ROUNDS})`)) as { name: string; bytes: number; loaderMs: number; glbMs: number }[];
  const browser = chromium.context.browser()?.version() ?? 'chromium';
  const load = (await import('node:os')).loadavg()[0]!;
  console.log(`${rows.length} files, ${ROUNDS} rounds interleaved, medians; Chromium ${browser}, 1 worker (wasm-simd), load average ${fmt(load, 1)} (shared machine)`);
  console.log(markdownTable(['file', 'KB', 'MeshcodecLoader ms', 'to GLB + GLTFLoader ms', 'GLB way / loader'], rows.map((r) => [r.name, fmt(r.bytes / 1024, 1), fmt(r.loaderMs, 2), fmt(r.glbMs, 2), `${fmt(r.glbMs / r.loaderMs)}×`])));
  const total = rows.reduce((s, r) => ({ loader: s.loader + r.loaderMs, glb: s.glb + r.glbMs }), { loader: 0, glb: 0 });
  console.log(`all files: ${fmt(total.loader, 1)} ms vs ${fmt(total.glb, 1)} ms (${fmt(total.glb / total.loader)}×)`);
  console.log(`wrote ${writeResults('three-loader', { browser, rounds: ROUNDS, loadAverage: load, rows })}`);
} finally {
  await chromium.close();
  server.closeAllConnections();
  server.close();
}
