// Twin of assembly/probe-budget.ts: the collision steps an open-addressing weld of `count` keys
// may take before it stops (32 × count + 4096; exact in a double for every count an array holds).

export function probeBudget(count: number): number {
  return count * 32 + 4096;
}
