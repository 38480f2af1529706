// init()'s run of the format-neutral code (formats/shared-warm-up.ts): on every backend it leaves
// the kernels as a fresh instance is (no workspace left, no memory grown), the Asset it checks
// unchanged, no format listed, and every later parse and encode as it is on fresh kernels.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createKernelsSync, detectFormat, FORMAT_NAMES, FORMATS, formatByName, getKernels, init, initSync, validateAsset, type Asset, type Kernels } from '../bindings/index.js';
import { warmSharedPaths } from '../bindings/formats/shared-warm-up.js';
import { warmUpAsset } from '../bindings/formats/warm-up-asset.js';
import { FIXTURES_DIR } from '../fixtures/make-fixtures.js';
import { BACKENDS } from './helpers/backends.js';

const tubeFiles = readdirSync(FIXTURES_DIR).filter((n) => n.startsWith('tube.') && !n.endsWith('.blob') && !n.endsWith('.bin'));
const resolve = (n: string) => (existsSync(join(FIXTURES_DIR, n)) ? new Uint8Array(readFileSync(join(FIXTURES_DIR, n))) : undefined);

/** Every tube fixture parsed, then written in every format, on `kernels`. */
function roundTrips(kernels: Kernels): unknown[] {
  return tubeFiles.map((name) => {
    const bytes = new Uint8Array(readFileSync(join(FIXTURES_DIR, name)));
    const asset = detectFormat(bytes, name)!.parseSync(bytes, { fileName: name, resolve, kernels });
    const written = FORMATS.map((f) => (f.encodeFiles ? f.encodeFiles(asset, `out${f.extensions[0]}`, { kernels }) : [{ name: 'out', bytes: f.encodeSync(asset, { kernels }) }]));
    return { asset, written };
  });
}

/** Where the first workspace array of a job lands: the arena's top, on WebAssembly backends. */
function firstArrayOffset(kernels: Kernels): number {
  const workspace = kernels.workspace({ probe: ['u8', 16] } as const);
  try {
    return workspace.arrays.probe.byteOffset;
  } finally {
    workspace.release();
  }
}

describe('init() runs the code every format call shares', () => {
  const before = getKernels().backend;
  afterAll(() => {
    initSync({ backend: before });
  });

  for (const backend of BACKENDS) {
    it(`leaves ${backend} kernels as a fresh instance, and later results as on fresh kernels`, async () => {
      const fresh = createKernelsSync(backend);
      const kernels = await init({ backend });
      expect(getKernels()).toBe(kernels);
      expect(kernels.backend).toBe(backend);
      expect(kernels.memoryBytes).toBe(fresh.memoryBytes);
      expect(firstArrayOffset(kernels)).toBe(firstArrayOffset(fresh));
      expect(roundTrips(kernels)).toEqual(roundTrips(fresh));
      // Again, on kernels that have run real calls: nothing left behind either.
      const offset = firstArrayOffset(kernels);
      warmSharedPaths(kernels, warmUpAsset());
      expect(firstArrayOffset(kernels)).toBe(offset);
      expect(initSync({ backend }).backend).toBe(backend);
    });
  }

  it('leaves the Asset it checks as it was, and adds no format', () => {
    const asset = warmUpAsset();
    const copy: Asset = structuredClone(asset);
    for (const backend of BACKENDS) warmSharedPaths(createKernelsSync(backend), asset);
    expect(asset).toEqual(copy);
    expect(FORMAT_NAMES).not.toContain('shared-warm-up');
    expect(formatByName('shared-warm-up' as never)).toBeUndefined();
    expect(FORMATS.map((f) => f.name)).toEqual([...FORMAT_NAMES]);
  });

  it('checks a valid Asset: the quad warmUp writes', () => {
    const asset = warmUpAsset();
    expect(() => validateAsset(asset)).not.toThrow();
    const quad = asset.meshes[0]!;
    expect(Array.from(quad.attributes.positions)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0]);
    expect(Array.from(quad.indices)).toEqual([0, 1, 2, 2, 1, 3]);
    expect(asset.animations[0]!.tracks.length).toBe(1);
    expect(asset.skeleton!.joints.length).toBe(2);
  });

  it('instantiates the module once when memoryCap is under one page (every call then starts a fresh instance)', () => {
    const Instance = WebAssembly.Instance;
    let instances = 0;
    (WebAssembly as { Instance: unknown }).Instance = new Proxy(Instance, {
      construct(target, args) {
        instances++;
        return Reflect.construct(target, args);
      },
    });
    try {
      const kernels = initSync({ backend: 'wasm-simd', memoryCap: 0 });
      expect(instances).toBe(1);
      expect(kernels.memoryCap).toBe(0);
      instances = 0;
      initSync({ backend: 'wasm-simd' });
      expect(instances).toBe(1);
    } finally {
      (WebAssembly as { Instance: unknown }).Instance = Instance;
    }
  });
});
