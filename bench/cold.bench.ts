// Cold start: what a fresh process pays before and at its first call, against a warm call of the
// same file in the same process. For every format, a file of about 30 KB (the tube fixture grown
// and written by meshcodec) is parsed and encoded in fresh `node` processes that import the built
// library (dist/index.js, what users load): the import, `init()`, the first `parseSync`, the first
// `encodeSync`, then the median of warm calls. Many processes per format, interleaved across
// formats, medians reported. `--baseline OTHER/dist/index.js` runs another build's library in the
// same interleaved loop (its rows marked), to compare before and after on a loaded machine.
// `--warm-up` calls warmUp([format]) after init() (its time in the `warmUp()` column; a baseline
// without warmUp runs none). Beside the wall times of init() and the first calls, their CPU time
// (process.cpuUsage, every thread: V8's background compiles count) moves less on a loaded machine.
// Run: npm run bench:cold [-- --samples 15] [--backend js] [--baseline PATH] [--warm-up]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { writeColdInputs } from './cold-inputs.js';
import { fmt, machine, markdownTable, writeResults } from './harness.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const LIBRARY = join(ROOT, 'dist', 'index.js');
const { values } = parseArgs({ options: { samples: { type: 'string', default: '15' }, backend: { type: 'string', default: 'auto' }, kb: { type: 'string', default: '30' }, baseline: { type: 'string' }, 'warm-up': { type: 'boolean', default: false } } });
const libraries = [{ label: '', path: LIBRARY }, ...(values.baseline ? [{ label: ' (baseline)', path: resolve(values.baseline) }] : [])];
const samples = Number(values.samples);
const targetBytes = Number(values.kb) * 1000;
if (!existsSync(LIBRARY)) throw new Error(`${LIBRARY} is missing: run npm run build`);

// The child: everything it measures is printed as one JSON line. Warm figures are medians of 25
// calls after 5 unmeasured ones.
const CHILD = `
const t0 = performance.now();
const m = await import(process.env.LIBRARY_URL);
const t1 = performance.now();
const cpu = (since) => { const u = process.cpuUsage(since); return (u.user + u.system) / 1000; };
const c1 = process.cpuUsage();
await m.init({ backend: process.env.BACKEND });
const t2 = performance.now();
const initCpuMs = cpu(c1);
if (process.env.WARM_UP && m.warmUp) m.warmUp([process.env.FORMAT]);
const t2w = performance.now();
const { readFileSync } = await import('node:fs');
const { dirname, join } = await import('node:path');
const file = process.env.FILE;
const bytes = new Uint8Array(readFileSync(file));
const format = m.formatByName(process.env.FORMAT);
const options = { fileName: file, resolve: (n) => { try { return new Uint8Array(readFileSync(join(dirname(file), n))); } catch { return undefined; } } };
const encode = (asset) => format.encodeFiles ? format.encodeFiles(asset, 'out' + format.extensions[0], {}) : format.encodeSync(asset, {});
const c3 = process.cpuUsage();
const t3 = performance.now();
const asset = format.parseSync(bytes, options);
const t4 = performance.now();
const firstParseCpuMs = cpu(c3);
const c4 = process.cpuUsage();
encode(asset);
const t5 = performance.now();
const firstEncodeCpuMs = cpu(c4);
const median = (f) => { const xs = []; for (let i = 0; i < 30; i++) { const a = performance.now(); f(); if (i >= 5) xs.push(performance.now() - a); } xs.sort((a, b) => a - b); return xs[xs.length >> 1]; };
const warmParse = median(() => format.parseSync(bytes, options));
const warmEncode = median(() => encode(asset));
console.log(JSON.stringify({ importMs: t1 - t0, initMs: t2 - t1, initCpuMs, warmUpMs: t2w - t2, firstParseMs: t4 - t3, firstParseCpuMs, firstEncodeMs: t5 - t4, firstEncodeCpuMs, warmParseMs: warmParse, warmEncodeMs: warmEncode, backend: m.backend() }));
`;

interface Sample {
  importMs: number;
  initMs: number;
  initCpuMs: number;
  warmUpMs: number;
  firstParseMs: number;
  firstParseCpuMs: number;
  firstEncodeMs: number;
  firstEncodeCpuMs: number;
  warmParseMs: number;
  warmEncodeMs: number;
  backend: string;
}

const work = mkdtempSync(join(tmpdir(), 'meshcodec-cold-'));
const inputs = writeColdInputs(work, targetBytes);

const results = new Map<string, Sample[]>(libraries.flatMap((l) => inputs.map((i) => [i.format.name + l.label, []] as [string, Sample[]])));
const loadBefore = loadavg()[0]!;
try {
  for (let s = 0; s < samples; s++) {
    for (const input of inputs) {
      for (const library of libraries) {
        const r = spawnSync(process.execPath, ['--input-type=module', '-e', CHILD], {
          encoding: 'utf8',
          env: { ...process.env, FILE: input.path, FORMAT: input.format.name, BACKEND: values.backend, ...(values['warm-up'] ? { WARM_UP: '1' } : {}), LIBRARY_URL: pathToFileURL(library.path).href },
        });
        if (r.status !== 0) throw new Error(`${input.format.name}: child exited ${r.status}: ${r.stderr.slice(0, 2000)}`);
        results.get(input.format.name + library.label)!.push(JSON.parse(r.stdout.trim().split('\n').pop()!) as Sample);
      }
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
const loadAfter = loadavg()[0]!;

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const rows = libraries.flatMap((library) => inputs.map((input) => {
  const list = results.get(input.format.name + library.label)!;
  const m = (k: keyof Omit<Sample, 'backend'>) => median(list.map((x) => x[k]));
  return {
    format: input.format.name + library.label,
    bytes: input.bytes,
    backend: list[0]!.backend,
    importMs: m('importMs'),
    initMs: m('initMs'),
    initCpuMs: m('initCpuMs'),
    warmUpMs: m('warmUpMs'),
    firstParseMs: m('firstParseMs'),
    firstParseCpuMs: m('firstParseCpuMs'),
    warmParseMs: m('warmParseMs'),
    // Per process, then the median: the first call against the warm one of the same process.
    parseRatio: median(list.map((x) => x.firstParseMs / x.warmParseMs)),
    firstEncodeMs: m('firstEncodeMs'),
    firstEncodeCpuMs: m('firstEncodeCpuMs'),
    warmEncodeMs: m('warmEncodeMs'),
    encodeRatio: median(list.map((x) => x.firstEncodeMs / x.warmEncodeMs)),
  };
}));

const mach = machine();
console.log(`\nCold start, ${samples} fresh processes per format (interleaved), medians; ${mach.cpu}, ${mach.cores} cores, Node ${mach.node}; 1-minute load ${fmt(loadBefore)} before, ${fmt(loadAfter)} after\n`);
console.log(
  markdownTable(
    ['format', 'file', 'backend', 'import ms', 'init() ms (CPU)', ...(values['warm-up'] ? ['warmUp() ms'] : []), 'first parse ms (CPU)', 'warm parse ms', 'first ÷ warm', 'first encode ms (CPU)', 'warm encode ms', 'first ÷ warm'],
    rows.map((r) => [r.format, `${fmt(r.bytes / 1000, 1)} KB`, r.backend, fmt(r.importMs), `${fmt(r.initMs)} (${fmt(r.initCpuMs)})`, ...(values['warm-up'] ? [fmt(r.warmUpMs)] : []), `${fmt(r.firstParseMs)} (${fmt(r.firstParseCpuMs)})`, fmt(r.warmParseMs), `${fmt(r.parseRatio, 1)}×`, `${fmt(r.firstEncodeMs)} (${fmt(r.firstEncodeCpuMs)})`, fmt(r.warmEncodeMs), `${fmt(r.encodeRatio, 1)}×`]),
  ),
);
console.log(`\nwrote ${writeResults(`${values.backend === 'auto' ? 'cold' : `cold-${values.backend}`}${values['warm-up'] ? '-warm-up' : ''}`, { samples, backend: values.backend, warmUp: values['warm-up'], baseline: values.baseline, loadAverage: { before: loadBefore, after: loadAfter }, rows })}`);
