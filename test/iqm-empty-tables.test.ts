// The tables an IQM file leaves out (comment, frames, extensions' data…) read as zero-length arrays,
// each document's over buffers of its own: a caller that transfers one document's arrays (detaching
// their buffers) leaves later reads, and the documents read before, working and transferable.
import { describe, expect, it } from 'vitest';
import { readIqm } from '../bindings/formats/iqm/read-iqm.js';
import { writeIqm } from '../bindings/formats/iqm/write-iqm.js';
import { iqmFormat } from '../bindings/formats/iqm/iqm-format.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { allKernels, BACKENDS } from './helpers/backends.js';

const kernels = allKernels();

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

  it('leave the documents read before transferable after one is transferred', () => {
    const first = readIqm(file, { kernels: kernels[backend] });
    const second = readIqm(file, { kernels: kernels[backend] });
    structuredClone(first.comment.buffer, { transfer: [first.comment.buffer] });
    expect(() => structuredClone(second.comment, { transfer: [second.comment.buffer, second.frames.buffer] })).not.toThrow();
  });
});
