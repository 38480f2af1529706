// Review of h-cold7 (b776fa6: init()/initSync() run formats/shared-warm-up.ts once). The warm-up
// is an optimization, but anything it threw came out of init() itself, as MeshFormatError INTERNAL
// of a format called 'shared-warm-up' (no such format): SMALL_INPUT_DEFAULTS.bytes set to a BigInt
// (`16n * 1024n`) or to a value whose comparison throws made init() and initSync() fail where
// 8d0ff42's succeeded (the calls after them then fail or not under their own format's name, as
// before). init() must give the kernels whatever the warm-up meets, and leave them as fresh ones.
import { afterAll, describe, expect, it } from 'vitest';
import { createKernelsSync, getKernels, init, initSync, iqmFormat, SMALL_INPUT_DEFAULTS, type Kernels } from '../bindings/index.js';
import { BACKENDS } from './helpers/backends.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES_DIR } from '../fixtures/make-fixtures.js';

/** Where the first workspace array of a job lands: the arena's top, on WebAssembly backends. */
function firstArrayOffset(kernels: Kernels): number {
  const workspace = kernels.workspace({ probe: ['u8', 16] } as const);
  try {
    return workspace.arrays.probe.byteOffset;
  } finally {
    workspace.release();
  }
}

const SETTINGS: [string, () => unknown][] = [
  ['a BigInt', () => 16n * 1024n],
  ['a Symbol', () => Symbol('bytes')],
  ['an object whose valueOf throws', () => ({ valueOf: () => { throw new Error('no number'); } })],
];

describe('init() when the shared warm-up throws', () => {
  const before = { backend: getKernels().backend, bytes: SMALL_INPUT_DEFAULTS.bytes };
  afterAll(() => {
    SMALL_INPUT_DEFAULTS.bytes = before.bytes;
    initSync({ backend: before.backend });
  });

  for (const [what, value] of SETTINGS) {
    for (const backend of BACKENDS) {
      it(`SMALL_INPUT_DEFAULTS.bytes ${what}, ${backend}: init() and initSync() give the kernels, as fresh ones`, async () => {
        const fresh = createKernelsSync(backend);
        (SMALL_INPUT_DEFAULTS as { bytes: unknown }).bytes = value();
        try {
          const synced = initSync({ backend });
          expect(getKernels()).toBe(synced);
          const kernels = await init({ backend });
          expect(getKernels()).toBe(kernels);
          expect(kernels.backend).toBe(backend);
          expect(kernels.memoryBytes).toBe(fresh.memoryBytes);
          expect(firstArrayOffset(kernels)).toBe(firstArrayOffset(fresh));
        } finally {
          SMALL_INPUT_DEFAULTS.bytes = before.bytes;
        }
        // And the library works as before once the setting is a number again.
        const tube = new Uint8Array(readFileSync(join(FIXTURES_DIR, 'tube.iqm')));
        expect(iqmFormat.encodeSync(iqmFormat.parseSync(tube))).toEqual(iqmFormat.encodeSync(iqmFormat.parseSync(tube, { kernels: fresh }), { kernels: fresh }));
      });
    }
  }
});
