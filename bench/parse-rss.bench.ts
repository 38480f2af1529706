// Peak RSS of one parse per format (issue 22: ≤ 2× the input at 100 MB): the generated tube at
// about `--mb` MB in each format is written to a temporary file, then a child process per file
// reads it, resets and notes its peak RSS (VmHWM), parses it once on the default backend and
// reports the growth of the peak (the parse's peak above the process with its input loaded).
// Run: tsx bench/parse-rss.bench.ts [--mb 100] [--format NAME]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createKernelsSync } from '../bindings/index.js';
import { FORMATS } from '../bindings/formats/registry.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { fmt, machine, markdownTable, writeResults } from './harness.js';

const { values } = parseArgs({ options: { mb: { type: 'string', default: '100' }, format: { type: 'string' }, child: { type: 'string' } } });

if (values.child) {
  // Child: argv = format name, main file, companions…
  const [formatName, main, ...companions] = values.child.split('\n');
  const { readFileSync } = await import('node:fs');
  const { basename } = await import('node:path');
  const format = FORMATS.find((f) => f.name === formatName)!;
  // Buffers as read (no second copy: it would raise the baseline's peak above the parse's).
  const view = (b: Buffer) => new Uint8Array(b.buffer, b.byteOffset, b.length);
  const bytes = view(readFileSync(main!));
  const others = companions.map((c) => ({ name: basename(c), bytes: view(readFileSync(c)) }));
  globalThis.gc?.();
  // A child starts with its parent's peak RSS (Linux copies it at fork): reset it (clear_refs 5),
  // then read the peak as the kernel keeps it (VmHWM); resourceUsage().maxRSS where there is no /proc.
  const { writeFileSync: write } = await import('node:fs');
  let peak = () => process.resourceUsage().maxRSS * 1024;
  try {
    write('/proc/self/clear_refs', '5');
    peak = () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) * 1024;
  } catch {
    // no /proc: the figure may then include the parent's peak
  }
  const before = peak();
  const asset = format.parseSync(bytes, { fileName: basename(main!), resolve: (n: string) => others.find((o) => o.name === n)?.bytes });
  const after = peak();
  const inputBytes = bytes.length + others.reduce((n, o) => n + o.bytes.length, 0);
  console.log(JSON.stringify({ inputBytes, peakGrowth: after - before, meshes: asset.meshes.length }));
} else {
  const js = createKernelsSync('js');
  const MB = 1e6;
  const dir = mkdtempSync(join(tmpdir(), 'meshcodec-rss-'));
  const rows: (string | number)[][] = [];
  const results: unknown[] = [];
  try {
    for (const format of FORMATS) {
      if (values.format && format.name !== values.format) continue;
      const name = `generated${format.extensions[0]}`;
      const write = (rings: number) => {
        const asset = tubeAsset({ rings, segments: 64, frames: 4 });
        return format.encodeFiles ? format.encodeFiles(asset, name, { kernels: js }) : [{ name, bytes: format.encodeSync(asset, { kernels: js }) }];
      };
      let files;
      try {
        const probe = write(64).reduce((n, f) => n + f.bytes.length, 0);
        files = write(Math.max(2, Math.round((64 * Number(values.mb) * MB) / probe)));
      } catch (error) {
        console.error(`${format.name}: ${(error as Error).message}`);
        continue;
      }
      const paths = files.map((f) => join(dir, f.name));
      files.forEach((f, i) => writeFileSync(paths[i]!, f.bytes));
      files = undefined;
      const out = execFileSync(process.execPath, ['--import', 'tsx', '--expose-gc', 'bench/parse-rss.bench.ts', '--child', [format.name, ...paths].join('\n')], { encoding: 'utf8', maxBuffer: 1 << 20 });
      const r = JSON.parse(out.trim().split('\n').pop()!) as { inputBytes: number; peakGrowth: number };
      results.push({ format: format.name, ...r, ratio: r.peakGrowth / r.inputBytes });
      rows.push([format.name, fmt(r.inputBytes / MB, 1), fmt(r.peakGrowth / MB, 1), fmt(r.peakGrowth / r.inputBytes, 2)]);
      paths.forEach((p) => rmSync(p));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const m = machine();
  console.log(`peak RSS of one parse — ${m.cpu}, ${m.cores} cores, Node ${m.node}; default backend, one child process per file\n`);
  console.log(markdownTable(['format', 'file MB', 'peak RSS growth MB', '÷ input'], rows));
  console.log(`\nwrote ${writeResults('parse-rss', { benchmark: 'parse-rss', mb: Number(values.mb), rows: results })}`);
}
