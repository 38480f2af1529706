// In-browser decode throughput: the demo page in headless Chromium decodes the corpus files this
// build reads with pools of each backend, one worker and navigator.hardwareConcurrency of them
// (the page's "Measure throughput" button, test/demo/throughput.ts: files read into memory first,
// a warm-up round on every worker, then 4 rounds of all files queued at once and timed together;
// each job's copy of the bytes moves to a worker and its Asset moves back).
// Run: npm run bench:browser
import { readFileSync } from 'node:fs';
import { detectFormat } from '../bindings/index.js';
import { corpusAvailable, corpusFiles, corpusPath, CORPUS_SKIP_MESSAGE } from '../test/helpers/corpus.js';
import { groupFiles } from '../test/demo/group-files.js';
import { startDemoServer } from '../test/demo/serve.js';
import { launchChromium } from '../test/helpers/chromium.js';
import { fmt, markdownTable, writeResults } from './harness.js';

if (!corpusAvailable) {
  console.error(CORPUS_SKIP_MESSAGE);
  process.exit(1);
}

/** Corpus files this build decodes, with their companions (read in Node first to leave out the rest). */
const candidates = ['unigine', 'iqm', 'ms2', 'tf', 'apg'].flatMap((folder) => corpusFiles(folder, ['']).map((name) => ({ name, path: corpusPath(folder, name) })));
const groups = groupFiles(candidates).filter(({ main, companions }) => {
  const bytes = new Uint8Array(readFileSync(main.path));
  const siblings = new Map(companions.map((c) => [c.name, new Uint8Array(readFileSync(c.path))]));
  try {
    detectFormat(bytes, main.name)?.parseSync(bytes, { fileName: main.name, resolve: (n) => siblings.get(n.split('/').pop()!) });
    return detectFormat(bytes, main.name) !== undefined;
  } catch {
    return false;
  }
});
const files = groups.flatMap((g) => [g.main, ...g.companions]);

const server = await startDemoServer();
const chromium = await launchChromium();
try {
  const page = await chromium.context.newPage();
  await page.goto(server.url);
  await page.setInputFiles('#file-input', files.map((f) => f.path));
  await page.waitForFunction((count) => document.querySelectorAll('#files tr[data-status="ok"]').length === count, groups.length, { timeout: 120_000 });
  const browserVersion = chromium.context.browser()?.version() ?? 'chromium';
  const hardwareConcurrency = await page.evaluate(() => navigator.hardwareConcurrency);
  await page.click('#measure');
  const output = await page.waitForSelector('#throughput[data-json]', { state: 'attached', timeout: 600_000 });
  const rows = JSON.parse((await output.getAttribute('data-json'))!) as { backend: string; workers: number; rounds: number; megabytes: number; seconds: number; megabytesPerSecond: number }[];
  const js = new Map(rows.filter((r) => r.backend === 'js').map((r) => [r.workers, r.megabytesPerSecond]));
  console.log(`${groups.length} files, ${fmt(rows[0]!.megabytes / rows[0]!.rounds)} MB per round; Chromium ${browserVersion}, hardwareConcurrency ${hardwareConcurrency}`);
  console.log(
    markdownTable(
      ['backend', 'workers', 'MB/s', 'vs js'],
      rows.map((r) => [r.backend, r.workers, fmt(r.megabytesPerSecond, 1), `${fmt(r.megabytesPerSecond / js.get(r.workers)!)}×`]),
    ),
  );
  console.log(`wrote ${writeResults('browser', { browser: browserVersion, hardwareConcurrency, files: groups.map((g) => g.main.name), rows })}`);
} finally {
  await chromium.close();
  await server.close();
}
