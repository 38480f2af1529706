// Review of the early worker pool (cli/early-pool.ts): it starts before the file count is known,
// so it starts few workers (EARLY_POOL_DEFAULTS.workers, the cores but one) whatever --jobs says,
// the others of --jobs N starting when the run hands them work. Before, `--jobs 200` over a
// folder of 3 files started 199 workers (38.7 s, 2.7 GB peak RSS on the 2-core machine, where
// the run needs 2). A run that needs more workers than started gets them: --jobs 6 over 7 files
// converts all of them to the bytes --jobs 1 writes, claimed and through a manifest.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EARLY_POOL_DEFAULTS, startPoolEarly } from '../bindings/cli/early-pool.js';
import { testTempDir } from './helpers/temp-dir.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const WORKER = join(ROOT, 'dist', 'convert-worker.js');
const built = existsSync(WORKER);
const TUBE = join(ROOT, 'fixtures', 'tube.mesh');

function copies(dir: string, count: number): string {
  const src = join(dir, 'src');
  mkdirSync(src, { recursive: true });
  for (let i = 0; i < count; i++) copyFileSync(TUBE, join(src, `t${i}.mesh`));
  return src;
}

describe.skipIf(!built)('review5: the early pool starts few workers', () => {
  it('--jobs 64 over a folder: at most EARLY_POOL_DEFAULTS.workers (and the cores but one) started, 63 allowed', async () => {
    const src = copies(testTempDir('review5-early-few'), 3);
    const pool = startPoolEarly({ workerUrl: pathToFileURL(WORKER), jobs: 64, backend: 'js', args: [src], queued: 1 })!;
    try {
      expect(pool.threads).toBe(63);
      expect(pool.running).toBeLessThanOrEqual(Math.max(1, Math.min(EARLY_POOL_DEFAULTS.workers, availableParallelism() - 1)));
      expect(pool.running).toBeGreaterThanOrEqual(1);
    } finally {
      await pool.close();
    }
  });

  it('--jobs 6 over 7 files (more workers needed than started) converts every file as --jobs 1 does, claimed and with a manifest', () => {
    const dir = testTempDir('review5-early-grow');
    const src = copies(dir, 7);
    const run = (args: string[]) => spawnSync(process.execPath, [CLI, 'convert', src, '--to', 'glb', '--quiet', ...args], { cwd: dir, timeout: 120_000, encoding: 'utf8' });
    const one = run(['--out-dir', join(dir, 'o1'), '--jobs', '1']);
    expect(one.status, one.stderr).toBe(0);
    for (const [name, extra] of [['o6', []], ['m6', ['--manifest', join(dir, 'm.jsonl')]]] as const) {
      const r = run(['--out-dir', join(dir, name), '--jobs', '6', ...extra]);
      expect(r.signal, r.stderr).toBeNull();
      expect(r.status, r.stderr).toBe(0);
      const names = readdirSync(join(dir, name)).sort();
      expect(names).toEqual(readdirSync(join(dir, 'o1')).sort());
      for (const file of names) expect(readFileSync(join(dir, name, file))).toEqual(readFileSync(join(dir, 'o1', file)));
    }
  });
});
