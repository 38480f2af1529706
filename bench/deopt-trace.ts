// V8's optimizing compiles and deoptimizations in one bulk conversion (issue 22 items 4 and 5): the
// corpus files up to --max-kb repeated to --files (hard links, as bench/bulk.bench.ts lays them
// out), converted by the built command with `--jobs 1` under `node --trace-opt --trace-deopt`;
// counted per function and per reason. A function compiled several times was deoptimized in
// between: its type feedback changed (a new object shape, element kind, call target…).
//
//   npx tsx bench/deopt-trace.ts [--to glb] [--files 1000] [--max-kb 200] [--tmp /dev/shm] [--cli PATH] [--top 25]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_ROOT, CORPUS, probeSources, tileBatch } from './corpus-batch.js';

const { values } = parseArgs({
  options: {
    to: { type: 'string', default: 'glb' },
    files: { type: 'string', default: '1000' },
    'max-kb': { type: 'string', default: '200' },
    tmp: { type: 'string' },
    cli: { type: 'string' },
    top: { type: 'string', default: '25' },
  },
});
const CLI = values.cli ? resolve(values.cli) : join(BENCH_ROOT, 'dist', 'cli.js');
if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build`);
const maxBytes = Number(values['max-kb']) * 1000;
const probe = probeSources(CLI, [CORPUS], values.to);
const usable = probe.usable.filter((r) => statSync(r.path).size <= maxBytes);
const work = mkdtempSync(join(values.tmp ?? tmpdir(), 'meshcodec-deopt-'));
try {
  const input = join(work, 'in');
  const bytes = tileBatch(usable, probe.companions, Number(values.files), input);
  const run = spawnSync(process.execPath, ['--trace-opt', '--trace-deopt', CLI, 'convert', input, '--to', values.to, '--out-dir', join(work, 'out'), '--jobs', '1', '--force'], { encoding: 'utf8', maxBuffer: 1 << 30 });
  if (run.status !== 0) throw new Error(`convert failed (${run.status}): ${run.stderr.slice(0, 2000)}`);
  const lines = run.stdout.split('\n');
  const compiles = new Map<string, number>();
  const deopts = new Map<string, number>();
  const reasons = new Map<string, number>();
  const byFunctionReason = new Map<string, number>();
  const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  let compileCount = 0;
  let deoptCount = 0;
  let compileMs = 0;
  const compileMsOf = new Map<string, number>();
  for (const line of lines) {
    // "[completed compiling 0x… <JSFunction name (sfi = …)> (target TURBOFAN) [OSR ]- took …"
    let m = /^\[completed compiling 0x[0-9a-f]+ <JSFunction ((?!\(sfi)\S*)? ?\(sfi.*\(target TURBOFAN\).* took ([\d.]+), ([\d.]+), ([\d.]+) ms/.exec(line);
    if (m) {
      const name = m[1] || '(anonymous)';
      const ms = Number(m[2]) + Number(m[3]) + Number(m[4]);
      compileCount++;
      compileMs += ms;
      bump(compiles, name);
      compileMsOf.set(name, (compileMsOf.get(name) ?? 0) + ms);
      continue;
    }
    // "[bailout (kind: deopt-eager, reason: …): begin. deoptimizing 0x… <JSFunction name (sfi = …)>, 0x… <Code TURBOFAN>, opt id N, bytecode offset N, …"
    m = /^\[bailout \(kind: ([^,]+), reason: (.*)\): begin\. deoptimizing 0x[0-9a-f]+ <JSFunction ((?!\(sfi)\S*)? ?\(sfi.*bytecode offset (\d+)/.exec(line);
    if (m) {
      const [, kind, reason, name, offset] = m;
      deoptCount++;
      bump(deopts, name || '(anonymous)');
      bump(reasons, `${kind}: ${reason}`);
      bump(byFunctionReason, `${name || '(anonymous)'} @${offset} — ${kind}: ${reason}`);
    }
  }
  const top = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top));
  console.log(`${Number(values.files)} files (${(bytes / 1e6).toFixed(1)} MB) to ${values.to}, --jobs 1, ${CLI}`);
  console.log(`optimizing compiles: ${compileCount} (${compiles.size} functions); deoptimizations: ${deoptCount} (${deopts.size} functions)`);
  console.log(`compile time (V8's three phases summed): ${compileMs.toFixed(1)} ms`);
  console.log('\ncompiles per function (count, ms):');
  for (const [k, v] of top(compiles)) console.log(`  ${v}\t${compileMsOf.get(k)!.toFixed(1)}\t${k}`);
  console.log('\ncompile ms per function:');
  for (const [k, v] of top(compileMsOf)) console.log(`  ${v.toFixed(1)}\t${compiles.get(k)}\t${k}`);
  console.log('\ndeopts per function:');
  for (const [k, v] of top(deopts)) console.log(`  ${v}\t${k}`);
  console.log('\ndeopts per reason:');
  for (const [k, v] of top(reasons)) console.log(`  ${v}\t${k}`);
  console.log('\ndeopts per function, place and reason:');
  for (const [k, v] of top(byFunctionReason)) console.log(`  ${v}\t${k}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
