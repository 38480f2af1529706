import { describe, expect, it } from 'vitest';
import { AccessorReader } from '../bindings/formats/gltf/accessors.js';
import type { GltfInput } from '../bindings/formats/gltf/read-gltf.js';
import { allKernels, BACKENDS, floatBits, rng } from './helpers/backends.js';

const kernels = allKernels();

const BYTES: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };
const ROWS: Record<string, number> = { MAT2: 2, MAT3: 3, MAT4: 4 };
const COMPONENTS: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 };

/** The value of component c of element e, decoded one at a time with a DataView as glTF defines it (FLOAT as its bits: NaN payloads are kept). */
function referenceValue(view: DataView, at: number, componentType: number, normalized: boolean): number {
  const f = Math.fround;
  switch (componentType) {
    case 5120: return normalized ? f(Math.max(view.getInt8(at) / 127, -1)) : view.getInt8(at);
    case 5121: return normalized ? f(view.getUint8(at) / 255) : view.getUint8(at);
    case 5122: return normalized ? f(Math.max(view.getInt16(at, true) / 32767, -1)) : view.getInt16(at, true);
    case 5123: return normalized ? f(view.getUint16(at, true) / 65535) : view.getUint16(at, true);
    case 5125: return view.getUint32(at, true);
    default: return view.getUint32(at, true);
  }
}

/** Byte offset of component c in an element (matrix columns of 1- and 2-byte components start on 4-byte boundaries). */
function componentOffset(type: string, componentType: number, c: number): number {
  const size = BYTES[componentType]!;
  const rows = ROWS[type];
  if (!rows || size === 4) return c * size;
  return Math.floor(c / rows) * ((rows * size + 3) & ~3) + (c % rows) * size;
}

function elementBytes(type: string, componentType: number): number {
  const size = BYTES[componentType]!;
  const rows = ROWS[type];
  return rows && size < 4 ? rows * ((rows * size + 3) & ~3) : COMPONENTS[type]! * size;
}

/** A buffer of random bytes (with NaN, ±Inf, −0 and extreme integers sprinkled in) at `shift` bytes into its ArrayBuffer. */
function randomBuffer(length: number, shift: number, seed: number): Uint8Array {
  const next = rng(seed);
  const bytes = new Uint8Array(length + shift).subarray(shift);
  for (let i = 0; i < length; i++) bytes[i] = Math.floor(next() * 256);
  const specials = [[0x00, 0x00, 0xc0, 0x7f], [0x00, 0x00, 0x80, 0x7f], [0x00, 0x00, 0x80, 0xff], [0x00, 0x00, 0x00, 0x80], [0x00, 0x80, 0xff, 0xff], [0xff, 0xff, 0xff, 0xff]];
  for (let i = 0; i + 4 <= length; i += 20) bytes.set(specials[(i / 20) % specials.length]!, i);
  return bytes;
}

function input(accessor: Record<string, unknown>, view: Record<string, unknown>, buffer: Uint8Array): GltfInput {
  return { json: { asset: { version: '2.0' }, accessors: [accessor], bufferViews: [view] }, buffers: [buffer], bufferOffsets: [0], jsonOffset: 0, inputBytes: buffer.length };
}

describe('accessor layouts read as a DataView decodes them, element by element, on every backend', () => {
  const cases: [string, number, boolean][] = [];
  for (const type of ['SCALAR', 'VEC2', 'VEC3', 'VEC4', 'MAT2', 'MAT3']) {
    for (const componentType of [5120, 5121, 5122, 5123, 5125, 5126]) {
      cases.push([type, componentType, false]);
      if (componentType !== 5125 && componentType !== 5126) cases.push([type, componentType, true]);
    }
  }
  it.each(cases)('%s of %i, normalized %s: tight, strided, unaligned buffers and views', (type, componentType, normalized) => {
    const size = BYTES[componentType]!;
    const element = elementBytes(type, componentType);
    for (const count of [1, 2, 3, 7, 17, 64]) {
      for (const extraStride of [undefined, 0, 4, 12]) {
        const stride = extraStride === undefined ? undefined : Math.ceil(element / 4) * 4 + extraStride;
        if (stride !== undefined && stride > 252) continue;
        for (const viewOffset of [0, 1, 2, 3, 4]) {
          for (const shift of [0, 1, 2]) {
            const accessorOffset = size * 2;
            const length = accessorOffset + (count - 1) * (stride ?? element) + element;
            const buffer = randomBuffer(viewOffset + length + 3, shift, count * 131 + viewOffset * 7 + shift);
            const json = input(
              { bufferView: 0, byteOffset: accessorOffset, componentType, count, type, normalized },
              { buffer: 0, byteOffset: viewOffset, byteLength: length, ...(stride === undefined ? {} : { byteStride: stride }) },
              buffer,
            );
            const components = COMPONENTS[type]!;
            const dataView = new DataView(buffer.buffer, buffer.byteOffset + viewOffset, length);
            const expected = new Float32Array(count * components);
            const target = componentType === 5126 ? new Uint32Array(expected.buffer) : expected;
            const exact: number[] = [];
            for (let e = 0; e < count; e++) {
              for (let c = 0; c < components; c++) {
                exact.push(referenceValue(dataView, accessorOffset + e * (stride ?? element) + componentOffset(type, componentType, c), componentType, normalized));
                target[e * components + c] = exact[exact.length - 1]!;
              }
            }
            for (const backend of BACKENDS) {
              const label = `${backend}: count ${count}, stride ${stride}, view at ${viewOffset}, buffer shifted ${shift}`;
              const floats = new AccessorReader(json, 256, kernels[backend]).floats(0, 'a', [type]).data;
              expect(Array.from(floatBits(floats)), label).toEqual(Array.from(floatBits(expected)));
              if ((componentType === 5121 || componentType === 5123 || componentType === 5125) && !normalized) {
                const integers = new AccessorReader(json, 256, kernels[backend]).integers(0, 'a', [type]).data;
                expect(integers.BYTES_PER_ELEMENT, label).toBe(size);
                expect(Array.from(integers), label).toEqual(exact);
              }
            }
          }
        }
      }
    }
  });
});
