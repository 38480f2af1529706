// V8's tier-up budget for a batch conversion. A batch of many small files in several formats runs
// a great deal of code a little: with V8's default budget (67,584 bytes of bytecode between
// profiler ticks, Node 20) hundreds of functions become hot enough for TurboFan within the first
// thousand files, and every thread's isolate compiles them again (`--trace-opt`: 241 optimizing
// compiles over 992 corpus files, 412 over 3,968), on V8's own threads: 0.75 s of a 2.06 s
// `--jobs 1` run, 1.07 s with `--jobs 2`. Optimizing later leaves out the lukewarm ones. It is
// worth it only when the converting threads fill the cores: with one converting thread on two
// cores, V8's compiles run on the idle core for free, and later optimization makes the converting
// thread itself slower (per thread, 992 files, median of 5: V8's threads 0.84 → 0.42 s but the
// main thread 1.36 → 1.58 s with --jobs 1; with --jobs 2 V8's threads 1.18 → 0.45 s, the main
// thread and the worker 1.69 → 1.93 s, the whole 2.88 → 2.38 s).
//
// Measured (992 corpus files to GLB, tmpfs, shared 2-core machine, interleaved, median of 5, CPU
// of the whole process, change against the default for --jobs 1 / --jobs 2), three runs at load
// 9, 6 and 5: budget 264,000: −13 % / −8 %; 528,000: −12 % / −13 % and −4 % / −10 %; 1,056,000:
// −7 % / −16 %, −7 % / −19 % and −10 % / −12 %; 4,224,000: −5 % / −11 %. Large
// files lose nothing measurable: 20 × the 3.3 MB Box47.mesh 0.42 → 0.41 s, an 84 MB IQM 0.54 →
// 0.53 s (median of 7 and 5). Alternatives: a larger young generation (--max-semi-space-size=64:
// no change), fewer threads' worth of isolates (the main thread converting saves one), and
// Maglev (not enabled in Node 20's V8 11.3; --maglev cost more there).
import { nodeV8 } from './node-builtins.js';

/** Bytes of bytecode between profiler ticks for a batch (V8's default in Node 20: 67,584). */
export const BATCH_INTERRUPT_BUDGET = 1_056_000;

let raised = false;

/**
 * Raises V8's tier-up budget for this process and the worker threads it starts afterwards (V8's
 * flags are per process), once: for a run whose converting threads take every core, before its
 * conversions start.
 */
export function tierUpLaterForBatch(): void {
  if (raised) return;
  raised = true;
  nodeV8().setFlagsFromString(`--interrupt-budget=${BATCH_INTERRUPT_BUDGET}`);
}
