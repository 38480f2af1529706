import type { Kernels } from '../../kernels/kernels.js';
import type { SmallFloatArrays } from './small-arrays.js';

/**
 * Bulk copies of accessor elements out of a buffer view: typed-array views over the bytes (glTF
 * stores little-endian), one `set` for tightly packed data, one strided loop otherwise, so each
 * byte is copied once; normalized integers through the decodeNormalized kernels. The callers have
 * range-checked `offset`, `stride` and `count`.
 *
 * Alternatives for the copy, measured on the speed bar's GLB and glTF (tiled mrfixit.iqm, 0.96 MB;
 * the tiled door, 30 KB; bench/gltf-view-input.bench.ts and a cpu profile, shared 2-core machine
 * at load 7–11): the copy itself is a small part of it; the Asset's fresh memory is most of it (its
 * pages faulted in on the first write, the blocks' zero fill, the collections its external memory
 * brings forward). Arrays allocated without the zero fill (Buffer.allocUnsafeSlow) measured 0.92–
 * 0.95× (slower) in an interleaved run. Views of the input's bytes instead of copies measured 1.28–
 * 1.30× faster, but then the Asset shares the input's memory: that is the read option viewInput
 * (to-asset.ts), not the default.
 */

export type ComponentArray = Int8Array | Uint8Array | Int16Array | Uint16Array | Uint32Array | Float32Array;
export type ComponentArrayType = {
  new (length: number): ComponentArray;
  new (buffer: ArrayBufferLike, byteOffset: number, length: number): ComponentArray;
  readonly BYTES_PER_ELEMENT: number;
};

/** The typed array of each glTF componentType. */
export const COMPONENT_ARRAYS: Readonly<Record<number, ComponentArrayType>> = {
  5120: Int8Array, 5121: Uint8Array, 5122: Int16Array, 5123: Uint16Array, 5125: Uint32Array, 5126: Float32Array,
};

/** The typed array of a glTF componentType (FLOAT's for anything else; a switch: the table above is a lookup by sparse integer keys). */
export function componentArrayOf(componentType: number): ComponentArrayType {
  switch (componentType) {
    case 5120: return Int8Array;
    case 5121: return Uint8Array;
    case 5122: return Int16Array;
    case 5123: return Uint16Array;
    case 5125: return Uint32Array;
    default: return Float32Array;
  }
}

type DecodeNormalized = (src: ComponentArray, step: number, components: number, dst: Float32Array) => void;

/** The kernel that decodes each normalized integer componentType. */
const NORMALIZED_DECODERS: Readonly<Record<number, (kernels: Kernels) => DecodeNormalized>> = {
  5120: (k) => k.raw.decodeNormalizedI8 as DecodeNormalized,
  5121: (k) => k.raw.decodeNormalizedU8 as DecodeNormalized,
  5122: (k) => k.raw.decodeNormalizedI16 as DecodeNormalized,
  5123: (k) => k.raw.decodeNormalizedU16 as DecodeNormalized,
};

export interface ElementLayout {
  componentType: number;
  /** Components per element, stored contiguously (no matrix column padding). */
  components: number;
  count: number;
  normalized: boolean;
}

/**
 * `count` elements starting `offset` bytes into `bytes`, `stride` bytes apart, as a new `Out`
 * array of count × components values: normalized integers as glTF defines them (unsigned c / max,
 * signed max(c / max, −1); `Out` is then Float32Array), other components as their values (the
 * caller picks an `Out` that holds them). Tightly packed values of type `Out` are one slice.
 * With `small`, the array comes from its blocks (small-arrays.ts) where it takes one. With `view`,
 * tightly packed and aligned values of type `Out` are a view of `bytes` (no copy).
 */
export function readElements(kernels: Kernels, bytes: Uint8Array, offset: number, stride: number, layout: ElementLayout, Out: ComponentArrayType, small?: SmallFloatArrays, view = false): ComponentArray {
  const { componentType, components, count, normalized } = layout;
  const Source = componentArrayOf(componentType);
  const size = Source.BYTES_PER_ELEMENT;
  const step = stride / size;
  const span = (count - 1) * step + components;
  let buffer = bytes.buffer;
  let start = bytes.byteOffset + offset;
  const aligned = start % size === 0;
  if (!aligned) {
    // Unaligned (legal only within a buffer view that itself starts unaligned): copy the span to aligned memory first.
    // new Uint8Array(view), not slice(): a Node Buffer's slice is a view, whose .buffer starts elsewhere.
    buffer = new Uint8Array(bytes.subarray(offset, offset + span * size)).buffer;
    start = 0;
  }
  const src = new Source(buffer, start, span);
  // `view`: values stored as the Asset holds them (tightly packed, aligned, of `Out`'s type) are
  // that view of the bytes themselves, not a copy (the read option viewInput).
  if (view && aligned && !normalized && step === components && Out === Source) return src;
  const out = small ? small.takeOf(Out, count * components) : new Out(count * components);
  if (!normalized && step === components && Out === Source && out.length === span) {
    out.set(src);
    return out;
  }
  if (normalized) NORMALIZED_DECODERS[componentType]!(kernels)(src, step, components, out as Float32Array);
  else if (step === components) out.set(src);
  else if (size === 4 && out.constructor === Source) copyStridedWords(new Uint32Array(buffer, start, span), step, components, count, new Uint32Array(out.buffer, out.byteOffset, out.length));
  else copyStrided(src, step, components, count, out);
  return out;
}

/** The strided copy of 4-byte components stored as they are (float32 to float32, uint32 to uint32): words, one loop shape for all. */
function copyStridedWords(src: Uint32Array, step: number, components: number, count: number, out: Uint32Array): void {
  let o = 0;
  if (components === 3) {
    for (let e = 0, at = 0; e < count; e++, at += step, o += 3) {
      out[o] = src[at]!;
      out[o + 1] = src[at + 1]!;
      out[o + 2] = src[at + 2]!;
    }
    return;
  }
  for (let e = 0, at = 0; e < count; e++, at += step) {
    for (let c = 0; c < components; c++) out[o++] = src[at + c]!;
  }
}

function copyStrided(src: ComponentArray, step: number, components: number, count: number, out: ComponentArray): void {
  let o = 0;
  for (let e = 0, at = 0; e < count; e++, at += step) {
    for (let c = 0; c < components; c++) out[o++] = src[at + c]!;
  }
}
