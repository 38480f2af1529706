// A batch raises V8's tier-up budget (bindings/cli/batch-tiering.ts): a function is optimized
// after many more calls than by default. Measured in a child process (V8's flags are per
// process), with optimization synchronous so that the count does not depend on timing.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testTempDir } from './helpers/temp-dir.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const PROBE = `
import { tierUpLaterForBatch } from ${JSON.stringify(join(ROOT, 'bindings', 'cli', 'batch-tiering.ts'))};
if (process.argv[2] === 'raise') tierUpLaterForBatch();
function work(x) {
  let s = 0;
  for (let i = 0; i < 20; i++) s += (i * x) | 0;
  return s;
}
const OPTIMIZED = 16; // V8's OptimizationStatus bit
let calls = 0;
for (; calls < 5_000_000 && !(eval('%GetOptimizationStatus(work)') & OPTIMIZED); calls++) work(calls);
console.log(calls);
`;

function callsUntilOptimized(dir: string, raise: boolean): number {
  const script = join(dir, 'probe.mts');
  writeFileSync(script, PROBE);
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--allow-natives-syntax', '--no-concurrent-recompilation', script, ...(raise ? ['raise'] : [])], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  expect(r.stderr).not.toMatch(/Error/);
  return Number(r.stdout.trim());
}

describe('batch tier-up budget', () => {
  it('a batch optimizes a function after many more calls than V8 does by default', () => {
    const dir = testTempDir('tiering');
    const byDefault = callsUntilOptimized(dir, false);
    const raised = callsUntilOptimized(dir, true);
    expect(byDefault).toBeGreaterThan(0);
    expect(byDefault).toBeLessThan(5_000_000);
    expect(raised).toBeLessThan(5_000_000);
    expect(raised).toBeGreaterThan(byDefault * 8);
  });
});
