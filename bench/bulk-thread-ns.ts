// CPU by thread as bench/thread-cpu-preload.cjs takes it, but from /proc/…/schedstat (nanoseconds
// on CPU) where the kernel has it: /proc/…/stat counts 10 ms ticks, coarser than the differences
// the bulk benches compare (tens of ms over a run of about a second). Used by
// bench/bulk-before-after.mts and bench/bulk.bench.ts's direct measure of the CLI's overhead.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_ROOT } from './corpus-batch.js';

/** A preload for `node -r` (written into `folder`) reading schedstat, or bench/thread-cpu-preload.cjs where there is none. */
export function nanosecondPreload(folder: string): string {
  const ticks = join(BENCH_ROOT, 'bench', 'thread-cpu-preload.cjs');
  if (!existsSync('/proc/self/schedstat')) return ticks;
  const text = readFileSync(ticks, 'utf8')
    .replace("fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')", "fs.readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8')")
    .replace("const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');", '')
    .replace('cpu.set(tid, (Number(fields[11]) + Number(fields[12])) * tick);', "cpu.set(tid, Number(stat.split(' ')[0]) / 1e9);");
  if (!text.includes('schedstat') || text.includes('fields[11]')) throw new Error('bench/thread-cpu-preload.cjs changed: update bench/bulk-thread-ns.ts');
  const preload = join(folder, 'thread-ns-preload.cjs');
  writeFileSync(preload, text);
  return preload;
}
