// The decode pool (dist/worker-node.js) on an EXT_meshopt_compression file: each worker loads
// meshoptimizer's decoder itself when a glTF names the extension, and returns the Asset the
// synchronous reader gives once the decoder is loaded.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as library from '../bindings/index.js';
import { FIXTURES_DIR } from '../fixtures/make-fixtures.js';
import { gltfpack } from './helpers/gltfpack.js';
import { featureGltf, glb } from './helpers/gltf-samples.js';

type NodePool = typeof import('../bindings/workers/node-pool.js');
const DIST = join(FIXTURES_DIR, '..', 'dist');
const built = existsSync(join(DIST, 'worker-node.js'));

describe.skipIf(!built)('decode pool on a gltfpack -cc file', () => {
  let pool: InstanceType<NodePool['DecodePool']>;
  beforeAll(async () => {
    const poolModule = (await import(join(DIST, 'worker-node.js'))) as NodePool;
    pool = poolModule.createDecodePool({ size: 1 });
  });
  afterAll(() => pool.destroy());

  it('decodes it to the synchronous reader\'s Asset', async () => {
    const { json, bin } = featureGltf();
    const packed = await gltfpack(glb(json, bin), ['-cc'], 'in.glb');
    const result = await pool.decode({ name: 'packed.glb', bytes: packed.slice() });
    await library.initMeshopt();
    expect(result.asset).toEqual(library.glbFormat.parseSync(packed));
    expect(result.asset!.meshes.length).toBeGreaterThan(0);
  }, 60_000);
});
