// Preloaded (`node -r`) into a bulk run by bench/bulk.bench.ts: the process's CPU split by thread,
// from /proc/self/task (Linux), written as JSON to $MESHCODEC_THREAD_CPU at exit. Node 20 has no
// per-thread CPU call and names every thread `node`, so threads are told apart by when they
// appear: the main thread (the process id); threads alive when this file loads (V8's platform
// workers: optimizing compiles, concurrent marking and sweeping, parallel scavenges); threads
// started later with ≥ 20 ms of CPU (the convert pool's workers; libuv's pool threads, started by
// an asynchronous call, do next to nothing here). A worker ends before the process does: its CPU
// is its last sample, taken every 10 ms (it can miss up to 10 ms of a worker's CPU).
'use strict';
const fs = require('node:fs');

const out = process.env.MESHCODEC_THREAD_CPU;
if (out) {
  const tick = 1 / 100; // USER_HZ
  const atStart = new Set(fs.readdirSync('/proc/self/task'));
  /** tid → CPU seconds at its last sample. */
  const cpu = new Map();
  const sample = () => {
    for (const tid of fs.readdirSync('/proc/self/task')) {
      try {
        const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        cpu.set(tid, (Number(fields[11]) + Number(fields[12])) * tick);
      } catch {
        // ended between the listing and the read: its last sample stands
      }
    }
  };
  setInterval(sample, 10).unref();
  process.on('exit', () => {
    sample();
    const pid = String(process.pid);
    const split = { main: 0, workers: [], v8: 0, other: 0 };
    for (const [tid, seconds] of cpu) {
      if (tid === pid) split.main = seconds;
      else if (atStart.has(tid)) split.v8 += seconds;
      else if (seconds >= 0.02) split.workers.push(seconds);
      else split.other += seconds;
    }
    fs.writeFileSync(out, JSON.stringify(split));
  });
}
