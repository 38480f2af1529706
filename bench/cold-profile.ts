// What a first call after `init()` spends, per format (issue 22 item 4): the cold bench's ≈ 30 KB
// files (bench/cold-inputs.ts) parsed and encoded in fresh `node` processes that import
// dist/index.js, each process run under one of these V8 settings, interleaved:
//   default   what users get;
//   no-lazy   `--no-lazy`: every function of the library compiled to bytecode at import, so the
//             first call compiles none (default − no-lazy = lazy compilation inside the call);
//   floor     `--no-lazy --no-wasm-lazy-compilation --wasm-tiering-budget=1000000000`: nor any
//             WebAssembly function, nor a tier-up of one to TurboFan (what is left is V8's
//             interpreter and Liftoff code running the call once);
//   no-tier-up `--wasm-tiering-budget=1000000000`: no WebAssembly function is moved from Liftoff
//             to TurboFan code (default − no-tier-up = the tier-up the call triggers: V8 11 spends
//             about 1 ms of the calling thread on each function whose budget runs out);
//   log       `--log-function-events` (its times are not used): how many of the library's
//             functions a first call runs for the first time, how many source bytes V8 compiles
//             for them, and V8's own parse + bytecode time for them.
// Each call's wall time is taken (and the first call's CPU time, process.cpuUsage: all threads, so
// a background compile it starts counts, and so does V8's leftover work from the import), the
// second call's too, and the warm one as bench:cold does (median of 25 after 5). On a loaded
// machine read rows of one run against each other: a preempted process moves a wall time 2×. `--baseline OTHER/dist/index.js`
// adds another build's default rows to the same loop.
// Run: npm run build && npx tsx bench/cold-profile.ts [--samples 7] [--formats glb,apg] [--baseline PATH]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { writeColdInputs } from './cold-inputs.js';
import { fmt, machine, markdownTable, writeResults } from './harness.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const LIBRARY = join(ROOT, 'dist', 'index.js');
const { values } = parseArgs({ options: { samples: { type: 'string', default: '7' }, formats: { type: 'string' }, baseline: { type: 'string' }, kb: { type: 'string', default: '30' } } });
if (!existsSync(LIBRARY)) throw new Error(`${LIBRARY} is missing: run npm run build`);
const samples = Number(values.samples);

const VARIANTS: { name: string; flags: string[]; library: string }[] = [
  { name: 'default', flags: [], library: LIBRARY },
  { name: 'no-lazy', flags: ['--no-lazy'], library: LIBRARY },
  { name: 'floor', flags: ['--no-lazy', '--no-wasm-lazy-compilation', '--wasm-tiering-budget=1000000000'], library: LIBRARY },
  { name: 'no-tier-up', flags: ['--wasm-tiering-budget=1000000000'], library: LIBRARY },
  { name: 'log', flags: ['--log-function-events', '--no-logfile-per-isolate'], library: LIBRARY },
  ...(values.baseline ? [{ name: 'baseline', flags: [], library: resolve(values.baseline) }] : []),
];

// The child marks each call with a first run of a named empty function, so that the function
// events of V8's log can be cut into the first parse and the first encode.
const CHILD = `
const m = await import(process.env.LIBRARY_URL);
await m.init();
const { readFileSync } = await import('node:fs');
const { dirname, join } = await import('node:path');
const file = process.env.FILE;
const bytes = new Uint8Array(readFileSync(file));
const format = m.formatByName(process.env.FORMAT);
const options = { fileName: file, resolve: (n) => { try { return new Uint8Array(readFileSync(join(dirname(file), n))); } catch { return undefined; } } };
const encode = (asset) => format.encodeFiles ? format.encodeFiles(asset, 'out' + format.extensions[0], {}) : format.encodeSync(asset, {});
function MARK_PARSE() {} function MARK_ENCODE() {} function MARK_END() {}
const timed = (f) => { const c = process.cpuUsage(); const t = performance.now(); const r = f(); const ms = performance.now() - t; const u = process.cpuUsage(c); return [r, ms, (u.user + u.system) / 1000]; };
MARK_PARSE();
const [asset, parseMs, parseCpuMs] = timed(() => format.parseSync(bytes, options));
MARK_ENCODE();
const [, encodeMs, encodeCpuMs] = timed(() => encode(asset));
MARK_END();
const [, parse2Ms, parse2CpuMs] = timed(() => format.parseSync(bytes, options));
const [, encode2Ms, encode2CpuMs] = timed(() => encode(asset));
const median = (f) => { const xs = []; for (let i = 0; i < 30; i++) { const a = performance.now(); f(); if (i >= 5) xs.push(performance.now() - a); } xs.sort((a, b) => a - b); return xs[xs.length >> 1]; };
console.log(JSON.stringify({ parseMs, parseCpuMs, encodeMs, encodeCpuMs, parse2Ms, parse2CpuMs, encode2Ms, encode2CpuMs, warmParseMs: median(() => format.parseSync(bytes, options)), warmEncodeMs: median(() => encode(asset)) }));
`;

interface Sample {
  parseMs: number;
  parseCpuMs: number;
  encodeMs: number;
  encodeCpuMs: number;
  parse2Ms: number;
  parse2CpuMs: number;
  encode2Ms: number;
  encode2CpuMs: number;
  warmParseMs: number;
  warmEncodeMs: number;
}

interface Compiled {
  /** The library's functions run for the first time in the call. */
  functions: number;
  /** Source bytes of those V8 compiled lazily in the call. */
  sourceBytes: number;
  /** V8's parse + bytecode generation time for them (ms, as logged: logging slows both). */
  compileMs: number;
}

/** Function events of V8's log (`function,EVENT,SCRIPT,START,END,MS,µs,NAME`) cut at the child's marks. */
function compiledPerCall(log: string, library: string): { parse: Compiled; encode: Compiled } {
  // The library's scripts: every file of its dist/ folder (index.js imports its chunks).
  const folder = pathToFileURL(dirname(library)).href + '/';
  const libraryScripts = new Set<string>();
  const calls = { parse: { functions: 0, sourceBytes: 0, compileMs: 0 }, encode: { functions: 0, sourceBytes: 0, compileMs: 0 } };
  let call: Compiled | undefined;
  for (const line of log.split('\n')) {
    const f = line.split(',');
    if (f[0] === 'script-details' && f[2]?.startsWith(folder)) libraryScripts.add(f[1]!);
    if (f[0] !== 'function') continue;
    const event = f[1];
    const name = f.slice(7).join(',');
    if (event === 'first-execution' && (name === 'MARK_PARSE' || name === 'MARK_ENCODE' || name === 'MARK_END')) {
      call = name === 'MARK_PARSE' ? calls.parse : name === 'MARK_ENCODE' ? calls.encode : undefined;
      continue;
    }
    if (!call || !libraryScripts.has(f[2]!)) continue;
    if (event === 'first-execution') call.functions++;
    else if (event === 'interpreter') {
      call.sourceBytes += Number(f[4]) - Number(f[3]);
      call.compileMs += Number(f[5]);
    } else if (event === 'parse-function') call.compileMs += Number(f[5]);
  }
  return calls;
}

const work = mkdtempSync(join(tmpdir(), 'meshcodec-cold-profile-'));
const only = values.formats?.split(',');
const inputs = writeColdInputs(work, Number(values.kb) * 1000).filter((i) => !only || only.includes(i.format.name));
const results = new Map<string, Sample[]>();
const compiled = new Map<string, { parse: Compiled; encode: Compiled }[]>();
const loadBefore = loadavg()[0]!;
try {
  for (let s = 0; s < samples; s++) {
    for (const input of inputs) {
      for (const variant of VARIANTS) {
        const logFile = join(work, 'v8.log');
        const flags = variant.name === 'log' ? [...variant.flags, `--logfile=${logFile}`] : variant.flags;
        const r = spawnSync(process.execPath, [...flags, '--input-type=module', '-e', CHILD], {
          encoding: 'utf8',
          env: { ...process.env, FILE: input.path, FORMAT: input.format.name, LIBRARY_URL: pathToFileURL(variant.library).href },
        });
        if (r.status !== 0) throw new Error(`${input.format.name} ${variant.name}: child exited ${r.status}: ${r.stderr.slice(0, 2000)}`);
        const key = `${input.format.name} ${variant.name}`;
        if (!results.has(key)) results.set(key, []);
        results.get(key)!.push(JSON.parse(r.stdout.trim().split('\n').pop()!) as Sample);
        if (variant.name === 'log') {
          if (!compiled.has(input.format.name)) compiled.set(input.format.name, []);
          compiled.get(input.format.name)!.push(compiledPerCall(readFileSync(logFile, 'utf8'), variant.library));
          rmSync(logFile);
        }
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
const rows = inputs.flatMap((input) => (['parse', 'encode'] as const).map((call) => {
  const m = (variant: string, key: keyof Sample) => median(results.get(`${input.format.name} ${variant}`)!.map((x) => x[key]));
  const wall = call === 'parse' ? 'parseMs' : 'encodeMs';
  const cpu = call === 'parse' ? 'parseCpuMs' : 'encodeCpuMs';
  const logged = compiled.get(input.format.name)!.map((c) => c[call]);
  return {
    format: input.format.name,
    call,
    bytes: input.bytes,
    firstMs: m('default', wall),
    firstCpuMs: m('default', cpu),
    baselineFirstMs: values.baseline ? m('baseline', wall) : undefined,
    noLazyMs: m('no-lazy', wall),
    floorMs: m('floor', wall),
    noTierUpMs: m('no-tier-up', wall),
    secondMs: m('default', call === 'parse' ? 'parse2Ms' : 'encode2Ms'),
    warmMs: m('default', call === 'parse' ? 'warmParseMs' : 'warmEncodeMs'),
    functions: median(logged.map((c) => c.functions)),
    sourceKB: median(logged.map((c) => c.sourceBytes)) / 1000,
    loggedCompileMs: median(logged.map((c) => c.compileMs)),
  };
}));

const mach = machine();
console.log(`\nFirst call after init(), ${samples} fresh processes per format and setting (interleaved), medians; ${mach.cpu}, ${mach.cores} cores, Node ${mach.node}; 1-minute load ${fmt(loadBefore)} before, ${fmt(loadAfter)} after\n`);
console.log(
  markdownTable(
    ['format', 'call', 'first ms (CPU)', ...(values.baseline ? ['baseline first ms'] : []), '--no-lazy ms', 'floor ms', 'lazy compile ms', 'wasm tier-up ms', 'second ms', 'warm ms', 'first ÷ warm', 'floor ÷ warm', 'functions', 'source KB', 'V8 compile ms (logged)'],
    rows.map((r) => [
      r.format, r.call, `${fmt(r.firstMs)} (${fmt(r.firstCpuMs)})`, ...(values.baseline ? [fmt(r.baselineFirstMs!)] : []), fmt(r.noLazyMs), fmt(r.floorMs), fmt(r.firstMs - r.noLazyMs), fmt(r.firstMs - r.noTierUpMs), fmt(r.secondMs), fmt(r.warmMs),
      `${fmt(r.firstMs / r.warmMs, 1)}×`, `${fmt(r.floorMs / r.warmMs, 1)}×`, r.functions, fmt(r.sourceKB, 1), fmt(r.loggedCompileMs),
    ]),
  ),
);
console.log(`\nwrote ${writeResults('cold-profile', { samples, variants: VARIANTS.map((v) => ({ name: v.name, flags: v.flags })), baseline: values.baseline, loadAverage: { before: loadBefore, after: loadAfter }, rows })}`);
