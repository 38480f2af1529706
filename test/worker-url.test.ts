// The pool's worker options under Node, from the built bundle (dist/worker-node.js): `workerUrl`
// names the thread's script (for applications bundled for Node), a wrong one fails the job with
// the pool's own message, and `createWorker` (module Workers) is refused. The same options in
// browsers, after Vite, webpack and esbuild, are test/bundlers.test.ts.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { iqmFormat, summarizeAsset } from '../bindings/index.js';
import { PACKAGE_ROOT as ROOT } from './helpers/packed-package.js';

type NodePool = typeof import('../bindings/workers/node-pool.js');

const DIST = join(ROOT, 'dist');
const built = existsSync(join(DIST, 'worker-node.js'));
if (!built) console.warn('[meshcodec tests] worker URL test skipped: dist/ not built (npm run build)');

const tube = () => new Uint8Array(readFileSync(join(ROOT, 'fixtures/tube.iqm')));
const load = async () => (await import(join(DIST, 'worker-node.js'))) as NodePool;

describe.skipIf(!built)('decode pool worker options under Node', () => {
  it('workerUrl, as a file: URL or a path, starts that script', async () => {
    const { createDecodePool } = await load();
    for (const workerUrl of [pathToFileURL(join(DIST, 'node-pool-worker.js')), join(DIST, 'node-pool-worker.js')]) {
      const pool = createDecodePool({ size: 1, workerUrl });
      try {
        const { asset } = await pool.decode({ name: 'tube.iqm', bytes: tube() });
        expect(summarizeAsset(asset)).toEqual(summarizeAsset(iqmFormat.parseSync(tube())));
      } finally {
        pool.destroy();
      }
    }
  });

  it('a workerUrl with no script behind it rejects the job with the pool\'s message', async () => {
    const { createDecodePool } = await load();
    const pool = createDecodePool({ size: 1, workerUrl: pathToFileURL(join(DIST, 'no-such-worker.js')) });
    try {
      await expect(pool.decode({ name: 'tube.iqm', bytes: tube() })).rejects.toThrow(/^meshcodec: decode worker failed: .*no-such-worker\.js/);
    } finally {
      pool.destroy();
    }
  });

  it('createWorker is refused: Node has no module Workers', async () => {
    const { createDecodePool } = await load();
    expect(() => createDecodePool({ createWorker: () => { throw new Error('not called'); } })).toThrow(/createWorker .* under Node give workerUrl/);
  });
});
