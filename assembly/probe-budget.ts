// The collision steps an open-addressing weld of `count` keys may take before it gives up on
// hashing (assembly/weld.ts says why): 32 × count + 4096, held below 2^32 − 1 so that a u32
// counter compares with it (an i64 counter measured up to 6–14% slower on the two-stream weld).
// Not exported from the module: the kernels only. Twin: bindings/kernels/js/probe-budget.ts.

// @ts-ignore: decorator
@inline export function probeBudget(count: i32): u32 {
  const budget = <u64>count * 32 + 4096;
  return budget < 0xfffffffe ? <u32>budget : 0xfffffffe;
}
