// The demo page (npm run serve) in headless Chromium: the fixtures and a corrupted file go in
// through the file input, decode in the module-worker pool, and the table must show what the
// Node API reads from the same files; the broken file's row says what is wrong and the others
// carry on; the preview draws the selected mesh; GLB download works when a 'glb' handler is
// registered. Saves test/artifacts/demo.png. Throughput figures come from bench/browser.bench.ts.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectFormat, formatByName, MeshFormatError, summarizeAsset } from '../bindings/index.js';
import { FIXTURES_DIR } from '../fixtures/make-fixtures.js';
import { groupFiles } from './demo/group-files.js';
import { CLEAR_COLOR } from './demo/preview.js';
import { startDemoServer, type DemoServer } from './demo/serve.js';
import { browserSkipReason, inCI, launchChromium, type ChromiumSession } from './helpers/chromium.js';

const ROOT = join(FIXTURES_DIR, '..');
const ARTIFACTS = join(ROOT, 'test/artifacts');
const skipReason = browserSkipReason('demo page test', [
  { path: join(ROOT, 'dist/worker.js'), buildWith: 'npm run build' },
  { path: join(ROOT, 'build/demo/main.js'), buildWith: 'npm run build:demo' },
]);

interface InputFile {
  name: string;
  path: string;
}

const BROKEN_NAME = 'broken-tube.iqm';

/** tube.iqm with its header's table offsets overwritten: a MeshFormatError, not a crash. */
function brokenFile(): Uint8Array {
  const bytes = new Uint8Array(readFileSync(join(FIXTURES_DIR, 'tube.iqm')));
  bytes.fill(0xff, 20, 80);
  return bytes;
}

/** What the Node API reads from a group of files: the counts the page's row must show. */
function nodeRow(main: InputFile, companions: InputFile[]) {
  const bytes = new Uint8Array(readFileSync(main.path));
  const siblings = new Map(companions.map((c) => [c.name, new Uint8Array(readFileSync(c.path))]));
  const handler = detectFormat(bytes, main.name)!;
  const s = summarizeAsset(handler.parseSync(bytes, { fileName: main.name, resolve: (name) => siblings.get(name.split('/').pop()!) }));
  return { format: handler.name, vertices: s.vertices, triangles: s.triangles, joints: s.joints, animations: s.animations, backend: 'wasm-simd' };
}

function nodeError(bytes: Uint8Array, name: string): MeshFormatError {
  try {
    detectFormat(bytes, name)!.parseSync(bytes);
  } catch (error) {
    if (error instanceof MeshFormatError) return error;
    throw error;
  }
  throw new Error(`${name} was expected not to read`);
}

type RowCells = { file: string; status: string; cells: Record<string, string>; download: { disabled: boolean; title: string } | undefined };

function readRows(page: Page): Promise<RowCells[]> {
  return page.$$eval('#files tbody tr', (rows) =>
    rows.map((row) => {
      const tr = row as HTMLTableRowElement;
      const cells: Record<string, string> = {};
      tr.querySelectorAll<HTMLElement>('td[data-column]').forEach((td) => (cells[td.dataset.column!] = td.textContent ?? ''));
      const button = tr.querySelector<HTMLButtonElement>('button.download');
      const download = button ? { disabled: button.disabled, title: button.title } : undefined;
      return { file: tr.dataset.file!, status: tr.dataset.status!, cells, download };
    }),
  );
}

/** Share of canvas pixels that are not the clear colour (read after two more frames). */
function drawnShare(page: Page, clear: number): Promise<number> {
  return page.evaluate(async (clearColor) => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const canvas = document.querySelector('#preview') as HTMLCanvasElement;
    const copy = document.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const context = copy.getContext('2d')!;
    context.drawImage(canvas, 0, 0);
    const { data } = context.getImageData(0, 0, copy.width, copy.height);
    const [r, g, b] = [(clearColor >> 16) & 255, (clearColor >> 8) & 255, clearColor & 255];
    let drawn = 0;
    for (let i = 0; i < data.length; i += 4) if (Math.abs(data[i]! - r) + Math.abs(data[i + 1]! - g) + Math.abs(data[i + 2]! - b) > 12) drawn++;
    return drawn / (data.length / 4);
  }, clear);
}

describe.skipIf(skipReason !== '')('demo page in Chromium', () => {
  let server: DemoServer;
  let chromium: ChromiumSession | undefined;
  let launchError = '';
  let page: Page;
  const scratch = mkdtempSync(join(tmpdir(), 'meshcodec-demo-'));
  // A Transport Fever pair with a long name, as real ones have: the table must keep its GLB button in view.
  const LONG_NAME = 'car_r1_aquitaine_sive_lod0_interior_dashboard_with_a_very_long_transport_fever_model_name.msh';
  copyFileSync(join(FIXTURES_DIR, 'tube.msh'), join(scratch, LONG_NAME));
  copyFileSync(join(FIXTURES_DIR, 'tube.msh.blob'), join(scratch, `${LONG_NAME}.blob`));
  const inputs: InputFile[] = [
    ...readdirSync(FIXTURES_DIR).filter((name) => !name.endsWith('.ts')).map((name) => ({ name, path: join(FIXTURES_DIR, name) })),
    { name: LONG_NAME, path: join(scratch, LONG_NAME) },
    { name: `${LONG_NAME}.blob`, path: join(scratch, `${LONG_NAME}.blob`) },
  ].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const groups = groupFiles(inputs);

  beforeAll(async () => {
    server = await startDemoServer();
    writeFileSync(join(scratch, BROKEN_NAME), brokenFile());
    try {
      chromium = await launchChromium();
    } catch (error) {
      if (inCI) throw error;
      launchError = `Chromium did not start: ${(error as Error).message.split('\n')[0]}`;
      console.warn(`[meshcodec tests] demo page test skipped: ${launchError}`);
      return;
    }
    page = await chromium.context.newPage();
    await page.setViewportSize({ width: 1440, height: 720 });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(server.url);
    await page.setInputFiles('#file-input', [...inputs.map((f) => f.path), join(scratch, BROKEN_NAME)]);
    await page.waitForFunction(
      (count) => document.querySelectorAll('#files tbody tr').length === count && !document.querySelector('#files tr[data-status="pending"]'),
      groups.length + 1,
      { timeout: 30_000 },
    );
    expect(pageErrors).toEqual([]);
  });

  afterAll(async () => {
    await chromium?.close();
    await server?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('shows each file with the counts the Node API reads, decoded in the workers', async (context) => {
    if (launchError) context.skip();
    const rows = await readRows(page);
    expect(rows.map((r) => r.file).sort()).toEqual([...groups.map((g) => g.main.name), BROKEN_NAME].sort());
    for (const { main, companions } of groups) {
      const row = rows.find((r) => r.file === main.name)!;
      expect(row.status, `${main.name}: ${row.cells.error ?? ''}`).toBe('ok');
      const { format, vertices, triangles, joints, animations, backend } = row.cells;
      expect({ format, vertices: Number(vertices), triangles: Number(triangles), joints: Number(joints), animations: Number(animations), backend }, main.name).toEqual(
        nodeRow(main, companions),
      );
      expect(Number(row.cells['decode-ms'])).toBeGreaterThanOrEqual(0);
    }
  });

  it('says in words what is wrong with the broken file, on its own row', async (context) => {
    if (launchError) context.skip();
    const row = (await readRows(page)).find((r) => r.file === BROKEN_NAME)!;
    expect(row.status).toBe('error');
    expect(row.cells.error).toBe(nodeError(brokenFile(), BROKEN_NAME).message);
    expect(row.download).toBeUndefined();
  });

  it('keeps every GLB button in view, long Transport Fever names included', async (context) => {
    if (launchError) context.skip();
    const outside = await page.evaluate(() => {
      const box = document.querySelector('.table-scroll')!.getBoundingClientRect();
      return Array.from(document.querySelectorAll<HTMLButtonElement>('#files button.download'))
        .filter((b) => { const r = b.getBoundingClientRect(); return r.right > box.right + 1 || r.left < box.left - 1; })
        .map((b) => b.closest('tr')!.dataset.file);
    });
    expect(outside).toEqual([]);
  });

  it('offers each file as GLB when a glb handler is registered, and says why not otherwise', async (context) => {
    if (launchError) context.skip();
    const rows = (await readRows(page)).filter((r) => r.status === 'ok');
    if (!formatByName('glb')) {
      for (const row of rows) expect(row.download).toEqual({ disabled: true, title: expect.stringContaining("no 'glb' handler") });
      return;
    }
    const row = rows.find((r) => r.file.endsWith('.iqm')) ?? rows[0]!;
    const [download] = await Promise.all([page.waitForEvent('download'), page.click(`#files tr[data-file="${row.file}"] button.download`)]);
    expect(download.suggestedFilename()).toMatch(/\.glb$/);
    const path = join(scratch, download.suggestedFilename());
    await download.saveAs(path);
    expect(new TextDecoder().decode(readFileSync(path).subarray(0, 4))).toBe('glTF');
  });

  it('previews the selected mesh with its animations, and saves a screenshot', async (context) => {
    if (launchError) context.skip();
    const skinned = groups.find((g) => {
      const row = nodeRow(g.main, g.companions);
      return row.triangles > 0 && row.joints > 0 && row.animations > 0;
    })!;
    await page.click(`#files tr[data-file="${skinned.main.name}"]`);
    expect(await page.textContent('#preview-title')).toBe(skinned.main.name);
    expect(await page.$$eval('#clip option', (options) => options.length)).toBe(nodeRow(skinned.main, skinned.companions).animations);
    expect(await drawnShare(page, CLEAR_COLOR)).toBeGreaterThan(0.01);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'demo.png') });
  });

  it('gives the page the pool API as in Node: moved inputs and results, MeshFormatError, AbortSignal', async (context) => {
    if (launchError) context.skip();
    const tube = Array.from(readFileSync(join(FIXTURES_DIR, 'tube.iqm')));
    const broken = Array.from(brokenFile());
    // A string, not a function: vitest would rewrite a function's import() for Node.
    const outcome = await page.evaluate(`(async ({ tube, broken }) => {
      const { createDecodePool } = await import('/dist/worker.js');
      const { MeshFormatError } = await import('/dist/index.js');
      const pool = createDecodePool({ size: 1 });
      const input = new Uint8Array(tube);
      const decoding = pool.decode({ name: 'tube.iqm', bytes: input });
      const inputMoved = input.byteLength === 0;
      const { asset, backend } = await decoding;
      const failure = await pool.decode({ name: 'broken.iqm', bytes: new Uint8Array(broken) }).catch((error) => error);
      const controller = new AbortController();
      const cancelled = pool.decode({ name: 'tube.iqm', bytes: new Uint8Array(tube) }, { signal: controller.signal }).catch((error) => error.name);
      controller.abort();
      const after = await pool.decode({ name: 'tube.iqm', bytes: new Uint8Array(tube) });
      pool.destroy();
      const positions = asset.meshes[0].attributes.positions;
      return {
        inputMoved,
        backend,
        positions: positions instanceof Float32Array ? positions.length : -1,
        failure: failure instanceof MeshFormatError ? { code: failure.code, format: failure.format, offset: failure.offset, message: failure.message } : String(failure),
        cancelled: await cancelled,
        afterCancel: after.format,
      };
    })(${JSON.stringify({ tube, broken })})`);
    const expected = nodeError(brokenFile(), BROKEN_NAME);
    expect(outcome).toEqual({
      inputMoved: true,
      backend: 'wasm-simd',
      positions: 78 * 3,
      failure: { code: expected.code, format: expected.format, offset: expected.offset, message: expected.message },
      cancelled: 'AbortError',
      afterCancel: 'iqm',
    });
  });

  it('runs the throughput measurement over the decoded files (figures are not checked here)', async (context) => {
    if (launchError) context.skip();
    await page.click('#measure');
    const json = await page.waitForSelector('#throughput[data-json]', { state: 'attached', timeout: 30_000 });
    const rows = JSON.parse((await json.getAttribute('data-json'))!) as { backend: string; workers: number; megabytes: number }[];
    expect(rows.map((r) => r.backend)).toEqual(expect.arrayContaining(['wasm-simd', 'js']));
    for (const row of rows) expect(row.megabytes).toBeGreaterThan(0);
  });
});
