// Twin of assembly/probe-budget.ts: the collision steps an open-addressing weld of `count` keys
// may take before it stops (32 × count + 4096, held below 2^32 − 1 as the kernels hold it).

export function probeBudget(count: number): number {
  return Math.min(count * 32 + 4096, 0xfffffffe);
}
