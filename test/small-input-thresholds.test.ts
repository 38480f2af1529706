// Per-format, per-direction small-input thresholds (FormatHandler.smallInput, capped by
// SMALL_INPUT_DEFAULTS.bytes; bindings/kernels/small-input.ts): which kernels a call given no
// `kernels` ran, observed on the Kernels objects themselves, at each format's own boundary.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initSync } from '../bindings/index.js';
import { FORMATS } from '../bindings/formats/registry.js';
import type { FormatHandler } from '../bindings/formats/format.js';
import { Kernels } from '../bindings/kernels/kernels.js';
import { assetArrayBytes, encodeInputBytes, formatSmallInput, SMALL_INPUT_DEFAULTS, smallInputBytes } from '../bindings/kernels/small-input.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { allKernels, BACKENDS } from './helpers/backends.js';

const kernels = allKernels();
const LIBRARY_BACKEND = 'wasm-simd';

/**
 * Backends of the Kernels objects whose methods or `raw` ran during `call` (not `trim` and the
 * private `arena` it reads: every call given no kernels trims the library-wide kernels
 * afterwards, runFormatCall; a method that stages into the arena is recorded itself).
 */
function backendsUsedBy(call: () => unknown): Set<string> {
  const used = new Set<string>();
  const proto = Kernels.prototype as unknown as Record<string, unknown>;
  const saved = new Map<string, PropertyDescriptor>();
  for (const name of Object.getOwnPropertyNames(proto)) {
    if (name === 'constructor' || name === 'trim' || name === 'arena') continue;
    const descriptor = Object.getOwnPropertyDescriptor(proto, name)!;
    saved.set(name, descriptor);
    if (typeof descriptor.value === 'function') {
      const method = descriptor.value as (...args: unknown[]) => unknown;
      Object.defineProperty(proto, name, { ...descriptor, value(this: Kernels, ...args: unknown[]) { used.add(this.backend); return method.apply(this, args); } });
    } else if (descriptor.get) {
      const get = descriptor.get;
      Object.defineProperty(proto, name, { ...descriptor, get(this: Kernels) { used.add(this.backend); return get.call(this); } });
    }
  }
  try {
    call();
  } finally {
    for (const [name, descriptor] of saved) Object.defineProperty(proto, name, descriptor);
  }
  return used;
}

function writeFiles(format: FormatHandler, rings: number, options: object = {}) {
  const name = `small${format.extensions[0]}`;
  const asset = tubeAsset({ rings, segments: 8, frames: 2 });
  const files = format.encodeFiles ? format.encodeFiles(asset, name, options) : [{ name, bytes: format.encodeSync(asset, options) }];
  return { asset, name, files, size: files.reduce((n, f) => n + f.bytes.length, 0) };
}

const savedThresholds = new Map(FORMATS.map((f) => [f, f.smallInput]));
const savedBytes = SMALL_INPUT_DEFAULTS.bytes;
beforeAll(() => {
  initSync({ backend: LIBRARY_BACKEND });
});
afterEach(() => {
  for (const [format, thresholds] of savedThresholds) format.smallInput = thresholds;
  SMALL_INPUT_DEFAULTS.bytes = savedBytes;
});

describe('per-format small-input thresholds', () => {
  it('every format declares both directions, at most the global knob, and calls read them as declared', () => {
    for (const format of FORMATS) {
      const own = format.smallInput;
      expect(typeof own?.parse, format.name).toBe('number');
      expect(typeof own?.encode, format.name).toBe('number');
      expect(own!.parse! <= SMALL_INPUT_DEFAULTS.bytes && own!.encode! <= SMALL_INPUT_DEFAULTS.bytes, format.name).toBe(true);
      expect(formatSmallInput(format)).toEqual({ parse: own!.parse, encode: own!.encode });
    }
    // A handler that declares none (or one direction) uses the global knob.
    expect(formatSmallInput({})).toEqual({ parse: SMALL_INPUT_DEFAULTS.bytes, encode: SMALL_INPUT_DEFAULTS.bytes });
    expect(formatSmallInput({ smallInput: { parse: 100 } })).toEqual({ parse: 100, encode: SMALL_INPUT_DEFAULTS.bytes });
  });

  it('the global knob caps every format: lower wins, 0 turns small inputs off, higher does not raise a format', () => {
    const format = { smallInput: { parse: 4000, encode: 2000 } };
    SMALL_INPUT_DEFAULTS.bytes = 3000;
    expect(formatSmallInput(format)).toEqual({ parse: 3000, encode: 2000 });
    SMALL_INPUT_DEFAULTS.bytes = 0;
    expect(formatSmallInput(format)).toEqual({ parse: 0, encode: 0 });
    SMALL_INPUT_DEFAULTS.bytes = 1 << 20;
    expect(formatSmallInput(format)).toEqual({ parse: 4000, encode: 2000 });
    expect(smallInputBytes({ smallInput: { parse: -5 } }, 'parse')).toBe(0);
  });

  it('every format, both directions: js just below its own threshold, the library-wide backend at it, same results', () => {
    for (const format of FORMATS) {
      const { asset, name, files, size } = writeFiles(format, 6, { kernels: kernels.js });
      const resolve = (n: string) => files.find((f) => f.name === n)?.bytes;
      const parse = () => format.parseSync(files[0]!.bytes, { fileName: name, resolve });
      const encode = () => (format.encodeFiles ? format.encodeFiles(asset, name, {}) : format.encodeSync(asset, {}));
      const arrays = assetArrayBytes(asset, Infinity);
      const reference = format.parseSync(files[0]!.bytes, { fileName: name, resolve, kernels: kernels.js });

      // The sizes the thresholds count: the file with its companions, the Asset's arrays. (A glTF
      // read given `resolve` is never counted small: its buffers are named inside the JSON.)
      const countsCompanions = !format.companions || format.companions(files[0]!.bytes, { fileName: name, resolve }) !== undefined;
      format.smallInput = { parse: size + 1, encode: arrays + 1 };
      SMALL_INPUT_DEFAULTS.bytes = Math.max(size, arrays) + 2;
      let parsed: unknown;
      expect([...backendsUsedBy(() => (parsed = parse()))], `${format.name} parse below`).toEqual(countsCompanions ? ['js'] : [LIBRARY_BACKEND]);
      expect([...backendsUsedBy(encode)], `${format.name} encode below`).toEqual(['js']);
      expect(parsed).toEqual(reference);

      format.smallInput = { parse: size, encode: arrays };
      const parseAt = backendsUsedBy(() => (parsed = parse()));
      expect(parseAt.has('js'), `${format.name} parse at`).toBe(false);
      expect(parseAt.has(LIBRARY_BACKEND), `${format.name} parse at`).toBe(true);
      expect(parsed).toEqual(reference);
      const encodeAt = backendsUsedBy(encode);
      expect(encodeAt.has('js'), `${format.name} encode at`).toBe(false);
      expect(encodeAt.has(LIBRARY_BACKEND), `${format.name} encode at`).toBe(true);

      // The global knob caps the format's own: below the file, the library-wide backend.
      format.smallInput = { parse: size + 1, encode: arrays + 1 };
      SMALL_INPUT_DEFAULTS.bytes = Math.min(size, arrays);
      expect(backendsUsedBy(parse).has('js'), `${format.name} parse capped`).toBe(false);
      expect(backendsUsedBy(encode).has('js'), `${format.name} encode capped`).toBe(false);
    }
  });

  it('the declared thresholds apply: encode and parse sides differ where the measurements differ (apg)', () => {
    const apg = FORMATS.find((f) => f.name === 'apg')!;
    // An Asset above apg's encode threshold but under the global knob (the speed bar's 30 KB apg
    // door is one) now encodes on WebAssembly; its file, under apg's parse threshold, parses on js.
    const { asset, name, files } = writeFiles(apg, 3, { kernels: kernels.js });
    const arrays = assetArrayBytes(asset, Infinity);
    expect(arrays).toBeGreaterThanOrEqual(apg.smallInput!.encode!);
    expect(arrays).toBeLessThan(SMALL_INPUT_DEFAULTS.bytes);
    expect(backendsUsedBy(() => apg.encodeSync(asset)).has('js')).toBe(false);
    const tiny = writeFiles(apg, 2, { kernels: kernels.js });
    expect(assetArrayBytes(tiny.asset, Infinity)).toBeLessThan(apg.smallInput!.encode!);
    expect([...backendsUsedBy(() => apg.encodeSync(tiny.asset))]).toEqual(['js']);
    if (files[0]!.bytes.length < apg.smallInput!.parse!) expect([...backendsUsedBy(() => apg.parseSync(files[0]!.bytes, { fileName: name }))]).toEqual(['js']);
    else expect(backendsUsedBy(() => apg.parseSync(files[0]!.bytes, { fileName: name })).has('js')).toBe(false);
  });

  it('an encode of many meshes is sized per mesh under the global knob, by its total at or above it', () => {
    const one = tubeAsset({ rings: 3, segments: 8, frames: 2 });
    const mesh = one.meshes[0]!;
    const bytes = assetArrayBytes(one, Infinity);
    const many = { ...one, meshes: Array.from({ length: 4 }, (_, i) => ({ ...mesh, name: `tube${i}` })) };
    const total = assetArrayBytes(many, Infinity);
    expect(encodeInputBytes(one, 1)).toBe(bytes);
    expect(encodeInputBytes(many, 1)).toBe(total / 4);
    SMALL_INPUT_DEFAULTS.bytes = total;
    expect(encodeInputBytes(many, 1)).toBe(total); // at the knob: the total
    SMALL_INPUT_DEFAULTS.bytes = total + 1;
    // Observed on a format: the total is above its threshold, the mean per mesh below it.
    const iqm = FORMATS.find((f) => f.name === 'iqm')!;
    iqm.smallInput = { parse: 0, encode: Math.ceil(total / 4) + 1 };
    expect(total).toBeGreaterThan(iqm.smallInput.encode!);
    expect([...backendsUsedBy(() => iqm.encodeSync(many as never))]).toEqual(['js']);
    iqm.smallInput = { parse: 0, encode: Math.floor(total / 4) };
    expect(backendsUsedBy(() => iqm.encodeSync(many as never)).has('js')).toBe(false);
    expect(iqm.encodeSync(many as never)).toEqual(iqm.encodeSync(many as never, { kernels: kernels.js }));
  });

  it('a handler told its thresholds at run time uses them, and every backend still writes the same bytes', () => {
    for (const format of FORMATS) {
      const { asset, name } = writeFiles(format, 3);
      const write = (options: object) => (format.encodeFiles ? format.encodeFiles(asset, name, options) : [{ name, bytes: format.encodeSync(asset, options) }]);
      format.smallInput = { parse: 0, encode: 0 };
      const onLibrary = write({});
      format.smallInput = { parse: 1 << 20, encode: 1 << 20 };
      const onJs = write({});
      expect(onJs, format.name).toEqual(onLibrary);
      for (const backend of BACKENDS) expect(write({ kernels: kernels[backend] }), `${format.name} ${backend}`).toEqual(onJs);
    }
  });
});
