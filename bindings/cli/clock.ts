// Milliseconds from an arbitrary origin, for the CLI's elapsed times (the summary, the progress
// bar, event-loop turns). process.hrtime rather than performance.now(): Node 20 loads perf_hooks
// (eleven internal modules, 0.5–0.7 ms of a fresh process) on the first touch of the global
// `performance`, which a one-file conversion otherwise never needs.

/** Monotonic milliseconds (the same clock as performance.now(), another origin). */
export function nowMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
