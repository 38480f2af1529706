// The collision steps an open-addressing weld of `count` keys may take before it gives up on
// hashing (assembly/weld.ts says why): 32 × count + 4096, held below 2^32 − 1 so that a u32
// counter compares with it. An i64 counter (the first form) gave after ÷ before 1.06 and 1.14 on
// the two-stream weld in two interleaved runs, the u32 0.86–1.05 in three: both within this shared
// machine's noise (load 8–9); the u32 needs no widening, so it stays.
// Not exported from the module: the kernels only. Twin: bindings/kernels/js/probe-budget.ts.

// @ts-ignore: decorator
@inline export function probeBudget(count: i32): u32 {
  const budget = <u64>count * 32 + 4096;
  return budget < 0xfffffffe ? <u32>budget : 0xfffffffe;
}
