// The CLI's start-up for one file in one process (issue 20 item 5, issue 22 items 4/5): the wall
// time of fresh processes for `--version`, a single plain convert of a small file, the same with
// `--optimize`, and the npm gltfpack CLI on that file's plain GLB, beside bare `node -e ""`.
// Every sample is a new process; the commands are interleaved round by round, medians reported
// with the load average. `--baseline OTHER/dist/cli.js` runs another build's CLI in the same loop.
// Beside the wall time, each process's own CPU time (user + system, every thread, from start to
// exit: `process.cpuUsage()` at exit, written by a preloaded probe that every command gets alike),
// which a loaded machine disturbs less than the wall time.
// Run: npx tsx bench/cli-start.bench.ts [--samples 15] [--input FILE] [--baseline PATH]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { fmt, machine, markdownTable, writeResults } from './harness.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { samples: { type: 'string', default: '15' }, input: { type: 'string', default: '/work/shared/corpus/apg/untitled.apg' }, baseline: { type: 'string' } } });
const samples = Number(values.samples);
const tmp = mkdtempSync(join(tmpdir(), 'cli-start-'));
const cli = join(ROOT, 'dist', 'cli.js');
const plainGlb = join(tmp, 'plain.glb');
const made = spawnSync(process.execPath, [cli, 'convert', values.input, '--to', 'glb', '-o', plainGlb, '--force']);
if (made.status !== 0) throw new Error(`could not make ${plainGlb}: ${made.stderr}`);

// The CPU probe: its line on stderr at exit (`CPU_MS <ms>`).
const probe = join(tmp, 'cpu-probe.cjs');
writeFileSync(probe, "process.on('exit', () => { const u = process.cpuUsage(); process.stderr.write('\\nCPU_MS ' + (u.user + u.system) / 1000 + '\\n'); });\n");

const clis = [{ label: '', path: cli }, ...(values.baseline ? [{ label: ' (baseline)', path: resolve(values.baseline) }] : [])];
const commands: Record<string, string[]> = { 'node -e ""': ['-e', ''] };
for (const { label, path } of clis) {
  commands[`--version${label}`] = [path, '--version'];
  commands[`convert → glb${label}`] = [path, 'convert', values.input, '--to', 'glb', '-o', join(tmp, 'out.glb'), '--force'];
  commands[`convert → glb --optimize${label}`] = [path, 'convert', values.input, '--to', 'glb', '--optimize', '-o', join(tmp, 'opt.glb'), '--force'];
}
commands['gltfpack CLI -cc'] = [join(ROOT, 'node_modules', 'gltfpack', 'cli.js'), '-i', plainGlb, '-o', join(tmp, 'pack.glb'), '-cc'];

const times: Record<string, number[]> = Object.fromEntries(Object.keys(commands).map((k) => [k, []]));
const cpu: Record<string, number[]> = Object.fromEntries(Object.keys(commands).map((k) => [k, []]));
const loads: number[] = [];
const load1 = () => loadavg()[0] ?? 0;
for (let round = 0; round < samples; round++) {
  loads.push(load1());
  for (const [name, args] of Object.entries(commands)) {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(process.execPath, ['-r', probe, ...args], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'latin1' });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (r.status !== 0) throw new Error(`${name} failed: ${r.stderr}`);
    times[name]!.push(ms);
    const used = /CPU_MS ([\d.]+)/.exec(r.stderr);
    if (!used) throw new Error(`${name}: no CPU time from the probe`);
    cpu[name]!.push(Number(used[1]));
  }
}
rmSync(tmp, { recursive: true, force: true });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? NaN;
const rows = Object.entries(times).map(([name, xs]) => [name, fmt(median(xs), 1), fmt(Math.min(...xs), 1), fmt(median(cpu[name]!), 1)]);
const load = `${fmt(Math.min(...loads))}–${fmt(Math.max(...loads))}`;
console.log(`${samples} fresh processes per command, interleaved; load ${load}; input ${values.input}`);
console.log(markdownTable(['command', 'median ms', 'min ms', 'median CPU ms'], rows));
writeResults('cli-start', { machine: machine(), samples, input: values.input, load, medians: Object.fromEntries(Object.entries(times).map(([k, xs]) => [k, median(xs)])), cpuMedians: Object.fromEntries(Object.entries(cpu).map(([k, xs]) => [k, median(xs)])) });
