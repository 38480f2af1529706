// The tables an IQM file leaves out (comment, frames, extensions' data…) read as zero-length arrays
// made over one shared zero-length ArrayBuffer (io/empty-array.ts), not `new Uint8Array(0)`, which
// V8 makes on a slow path. Each document gets arrays of its own, and a caller that transfers one
// (detaching the shared buffer) leaves later reads, and documents read before, working.
import { describe, expect, it } from 'vitest';
import { emptyArray } from '../bindings/io/empty-array.js';
import { readIqm } from '../bindings/formats/iqm/read-iqm.js';
import { writeIqm } from '../bindings/formats/iqm/write-iqm.js';
import { iqmFormat } from '../bindings/formats/iqm/iqm-format.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { allKernels, BACKENDS } from './helpers/backends.js';

const kernels = allKernels();

describe('emptyArray', () => {
  it('gives a new zero-length array of the asked type on every call', () => {
    for (const ctor of [Uint8Array, Uint16Array, Uint32Array, Float32Array] as const) {
      const a = emptyArray(ctor as Uint8ArrayConstructor);
      const b = emptyArray(ctor as Uint8ArrayConstructor);
      expect(a).toBeInstanceOf(ctor);
      expect(a.length).toBe(0);
      expect(a).not.toBe(b);
    }
  });

  it('makes a new shared buffer once the old one is detached by a transfer', () => {
    const given = emptyArray(Uint8Array);
    structuredClone(given.buffer, { transfer: [given.buffer] });
    expect(() => new Uint8Array(given.buffer)).toThrow(TypeError);
    const next = emptyArray(Uint16Array);
    expect(next.length).toBe(0);
    expect(next.buffer).not.toBe(given.buffer);
    expect(next.subarray(0, 0).length).toBe(0);
  });
});

describe.each(BACKENDS)('IQM tables left out (%s)', (backend) => {
  // The tube without its animations: no frames, and no comment (a file of meshes only).
  const asset = tubeAsset();
  asset.animations = [];
  const file = iqmFormat.encodeSync(asset, { kernels: kernels[backend] });

  it('read as zero-length arrays of their own, each document apart', () => {
    const a = readIqm(file, { kernels: kernels[backend] });
    const b = readIqm(file, { kernels: kernels[backend] });
    expect(a.comment.length).toBe(0);
    expect(a.frames.length).toBe(0);
    expect(a.comment).toBeInstanceOf(Uint8Array);
    expect(a.frames).toBeInstanceOf(Uint16Array);
    expect(a.comment).not.toBe(b.comment);
    expect(a.frames).not.toBe(b.frames);
  });

  it('still read and write after a caller transfers one of them', () => {
    const before = readIqm(file, { kernels: kernels[backend] });
    structuredClone(before.comment.buffer, { transfer: [before.comment.buffer] });
    const after = readIqm(file, { kernels: kernels[backend] });
    expect(after.comment.length).toBe(0);
    expect(writeIqm(after)).toEqual(file);
    expect(iqmFormat.parseSync(file, { kernels: kernels[backend] }).meshes.length).toBe(1);
  });
});
