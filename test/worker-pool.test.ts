// The decode pool (`meshcodec/worker`) under Node's worker_threads, from the built bundle
// (dist/worker-node.js starts dist/node-pool-worker.js): results equal the synchronous API's,
// errors come back as MeshFormatError with their position, inputs move rather than copy, and an
// AbortSignal cancels queued and running jobs. The same pool core runs the browser's module
// workers (test/demo.test.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as library from '../bindings/index.js';
import { corpusAvailable, corpusFiles, readCorpus } from './helpers/corpus.js';
import { FIXTURES_DIR } from '../fixtures/make-fixtures.js';

type NodePool = typeof import('../bindings/workers/node-pool.js');
type Library = typeof import('../bindings/index.js');

const DIST = join(FIXTURES_DIR, '..', 'dist');
const built = existsSync(join(DIST, 'worker-node.js'));
if (!built) console.warn('[meshcodec tests] worker pool test skipped: dist/ not built (npm run build)');

const allFixtures = readdirSync(FIXTURES_DIR).filter((name) => !name.endsWith('.ts')).sort();
/** A fixture whose name extends another's (`tube.msh.blob`) is that one's companion, not a file of its own. */
const companionNames = (name: string) => allFixtures.filter((other) => other.startsWith(`${name}.`));
const fixtureNames = allFixtures.filter((name) => !allFixtures.some((owner) => name.startsWith(`${owner}.`)));
const readFixture = (name: string) => new Uint8Array(readFileSync(join(FIXTURES_DIR, name)));
/** A pool job for fixture `name` (its bytes, or `bytes`), with its companions. */
const job = (name: string, bytes: Uint8Array = readFixture(name)) => ({ name, bytes, companions: companionNames(name).map((c) => ({ name: c, bytes: readFixture(c) })) });
/** The synchronous reader's options for fixture `name`: its companions through `resolve`. */
const readOptions = (name: string) => ({ fileName: name, resolve: (relative: string) => (companionNames(name).includes(relative) ? readFixture(relative) : undefined) });

/** A copy of `bytes` with a run of 0xff written over its header fields (past any magic). */
function corrupt(bytes: Uint8Array): Uint8Array {
  const out = bytes.slice();
  out.fill(0xff, 20, 80);
  return out;
}

describe.skipIf(!built)('decode pool on worker_threads', () => {
  let poolModule: NodePool;
  let dist: Library;
  let pool: InstanceType<NodePool['DecodePool']>;

  beforeAll(async () => {
    poolModule = (await import(join(DIST, 'worker-node.js'))) as NodePool;
    dist = (await import(join(DIST, 'index.js'))) as Library;
    pool = poolModule.createDecodePool({ size: 2 });
  });
  afterAll(() => pool.destroy());

  it('decodes every fixture to the Asset the synchronous API reads', async () => {
    const results = await Promise.all(fixtureNames.map((name) => pool.decode(job(name))));
    for (const [i, name] of fixtureNames.entries()) {
      const bytes = readFixture(name);
      const handler = library.detectFormat(bytes, name)!;
      const result = results[i]!;
      expect(result.name).toBe(name);
      expect(result.format).toBe(handler.name);
      expect(result.backend).toBe('wasm-simd');
      expect(result.byteLength).toBe(bytes.byteLength + companionNames(name).reduce((n, c) => n + readFixture(c).byteLength, 0));
      expect(result.asset).toEqual(handler.parseSync(bytes, readOptions(name)));
    }
  });

  it('moves a whole-buffer input to the worker and copies a view into a larger buffer', async () => {
    const whole = readFixture(fixtureNames[0]!);
    const big = new Uint8Array(whole.length + 16);
    const view = big.subarray(8, 8 + whole.length);
    view.set(whole);
    const moved = pool.decode({ name: fixtureNames[0]!, bytes: whole });
    expect(whole.buffer.byteLength).toBe(0);
    await moved;
    await pool.decode({ name: fixtureNames[0]!, bytes: view });
    expect(big.buffer.byteLength).toBe(big.length);
    const smallest = [...fixtureNames].sort((a, b) => readFixture(a).length - readFixture(b).length)[0]!;
    const pooled = Buffer.from(readFixture(smallest)); // small Buffers share one slab of Node's pool
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.length);
    await pool.decode({ name: smallest, bytes: pooled });
    expect(pooled.buffer.byteLength).toBeGreaterThan(0);
  });

  it('rejects a broken file with the MeshFormatError the synchronous reader throws, and carries on', async () => {
    let checked = 0;
    for (const name of fixtureNames) {
      const broken = corrupt(readFixture(name));
      let expected: unknown;
      try {
        library.detectFormat(broken, name)!.parseSync(broken, readOptions(name));
      } catch (error) {
        expected = error;
      }
      if (!(expected instanceof library.MeshFormatError)) continue; // this corruption happens to stay readable
      const [failed, fine] = await Promise.allSettled([pool.decode(job(name, broken)), pool.decode(job(name))]);
      expect(failed.status).toBe('rejected');
      const error = (failed as PromiseRejectedResult).reason;
      expect(error).toBeInstanceOf(dist.MeshFormatError);
      expect({ code: error.code, format: error.format, offset: error.offset, line: error.line, column: error.column, message: error.message }).toEqual({
        code: expected.code,
        format: expected.format,
        offset: expected.offset,
        line: expected.line,
        column: expected.column,
        message: expected.message,
      });
      expect(fine.status).toBe('fulfilled');
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('rejects a file of no known format with a plain Error', async () => {
    await expect(pool.decode({ name: 'notes.txt', bytes: new TextEncoder().encode('not a mesh') })).rejects.toThrow(/not a format meshcodec recognises/);
  });

  it('cancels a queued job and a running one with the AbortSignal, and keeps working', async () => {
    const single = poolModule.createDecodePool({ size: 1 });
    try {
      const name = fixtureNames[0]!;
      const running = new AbortController();
      const queued = new AbortController();
      const first = single.decode({ name, bytes: readFixture(name) }, { signal: running.signal });
      const second = single.decode({ name, bytes: readFixture(name) }, { signal: queued.signal });
      const third = single.decode({ name, bytes: readFixture(name) });
      queued.abort();
      running.abort(new Error('stop'));
      await expect(first).rejects.toThrow('stop');
      await expect(second).rejects.toMatchObject({ name: 'AbortError' });
      await expect(third).resolves.toMatchObject({ name });
      const already = AbortSignal.abort();
      await expect(single.decode({ name, bytes: readFixture(name) }, { signal: already })).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      single.destroy();
    }
  });

  it('decodes with the backend it was made with', async () => {
    const js = poolModule.createDecodePool({ size: 1, backend: 'js' });
    try {
      const name = fixtureNames[0]!;
      const result = await js.decode({ name, bytes: readFixture(name) });
      expect(result.backend).toBe('js');
      expect(result.asset).toEqual(library.detectFormat(readFixture(name), name)!.parseSync(readFixture(name)));
    } finally {
      js.destroy();
    }
  });

  it('encodes to another format when asked (`to`), as the handler does', async () => {
    const target = library.formatByName('iqm')!;
    const name = fixtureNames.find((n) => n.endsWith('.mesh')) ?? fixtureNames[0]!;
    const result = await pool.decode({ name, bytes: readFixture(name) }, { to: target.name });
    const bytes = readFixture(name);
    expect(result.to).toBe(target.name);
    expect(result.files[0]!.name).toBe(`tube${target.extensions[0]}`);
    expect(result.files[0]!.bytes).toEqual(target.encodeSync(library.detectFormat(bytes, name)!.parseSync(bytes)));
  });

  it.skipIf(!library.formatByName('glb'))('encodes to GLB', async () => {
    const name = fixtureNames.find((n) => n.endsWith('.iqm')) ?? fixtureNames[0]!;
    const result = await pool.decode({ name, bytes: readFixture(name) }, { to: 'glb' });
    expect(result.files).toHaveLength(1);
    expect(new TextDecoder().decode(result.files[0]!.bytes.subarray(0, 4))).toBe('glTF');
  });

  it.skipIf(!corpusAvailable || !library.formatByName('tf'))('passes companion files to the reader (a .msh with its .msh.blob)', async () => {
    for (const msh of corpusFiles('tf', ['.msh'])) {
      const bytes = readCorpus('tf', msh);
      const blob = readCorpus('tf', `${msh}.blob`);
      const result = await pool.decode({ name: msh, bytes: bytes.slice(), companions: [{ name: `${msh}.blob`, bytes: blob.slice() }] });
      const expected = library.formatByName('tf')!.parseSync(bytes, { fileName: msh, resolve: (n) => (n.endsWith('.blob') ? blob : undefined) });
      expect(result.asset).toEqual(expected);
      expect(result.byteLength).toBe(bytes.byteLength + blob.byteLength);
    }
  });
});
