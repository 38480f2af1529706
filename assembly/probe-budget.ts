// The collision steps an open-addressing weld of `count` keys may take before it gives up on
// hashing (assembly/weld.ts says why). Not exported from the module: the kernels only.
// Twin: PROBE_BUDGET in bindings/kernels/js/probe-budget.ts.

// @ts-ignore: decorator
@inline export function probeBudget(count: i32): i64 {
  return <i64>count * 32 + 4096;
}
