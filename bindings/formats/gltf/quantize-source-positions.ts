// A mesh's positions quantized straight from the Asset's array: turned Z-up → Y-up when
// `toYUp`, non-finite values as 0, rounded onto the grid and written at each vertex's new place
// (`order`, meshopt's vertex order) in one pass, after a read-only pass for their box.
//
// Alternatives: positionsOnAxes (vertex-passes.ts) writes the turned positions into a new
// Float32Array in the new order, and quantizePositions reads them back, one component at a time
// (what the writer did before, and still does where it needs the float positions: float32 output,
// morph targets). That array is a backing store of its own for every mesh past 5 vertices (V8
// keeps only typed arrays of up to 64 bytes in its heap) and a third pass over the positions; here
// the box pass only reads, and the grid pass reads the source in order and writes the quantized
// values where `order` puts them. The quantized values and the largest error are the same numbers
// (the same float32 inputs, the same double arithmetic, a maximum in any order).
//
// Both loops are now kernels (assembly/gltf-opt-positions.ts; the TypeScript twin,
// bindings/kernels/js/gltf-opt-positions.ts, is the loops that were here), and the grid pass also
// gives the box of the quantized values: the accessor's min / max, which the glTF builder found
// with a third pass over the written array (bounds in gltf-builder.ts, 1.2 % of Box47.mesh's
// optimized encode). Measured on Box47.mesh's 71,742 positions in a shuffled vertex order,
// staging included (one interleaved loop, shared 2-core machine, load 3–6): the box pass 348 →
// 59 µs with SIMD, the grid pass 1,034 → 779 µs (the js twin, the loops that were here, against
// wasm-simd); at actor_00.mesh's 1,715 vertices 7.9 → 1.8 and 23.8 → 13.7 µs.
import type { Kernels } from '../../kernels/kernels.js';
import type { WriterScratch } from './writer-scratch.js';
import { layout, type PositionGrid, type QuantizedAttribute } from './quantize-attributes.js';
import { writerUint16, writerUint8 } from './writer-arena.js';

const BOX = new Float64Array(6);

/** The box of the positions on the output axes (non-finite values as 0) and the count of values not finite. */
export function sourcePositionsBox(kernels: Kernels, source: Float32Array, toYUp: boolean): { replaced: number; box: { min: number[]; max: number[] } } {
  const replaced = kernels.raw.sourcePositionsBox(source, toYUp, BOX);
  return { replaced, box: { min: [BOX[0]!, BOX[1]!, BOX[2]!], max: [BOX[3]!, BOX[4]!, BOX[5]!] } };
}

/**
 * The positions (source axes, any non-finite values) quantized on `grid` at `bits`, vertex v
 * written at order[v] (at v without `order`): the same array, offset, step and largest error as
 * quantizePositions(positionsOnAxes(source, toYUp, order).positions, bits, grid), and `minMax`,
 * the smallest and largest quantized value per axis. `scratch`: where the array goes (the
 * writer's), else the writer arena.
 */
export function quantizeSourcePositions(kernels: Kernels, source: Float32Array, toYUp: boolean, order: Uint32Array | undefined, bits: 8 | 14 | 16, grid: PositionGrid, scratch?: WriterScratch): QuantizedAttribute & PositionGrid & { maxError: number; minMax: { min: number[]; max: number[] } } {
  const count = Math.floor(source.length / 3);
  const { slots, byteStride } = layout(count, 3, bits > 8 ? 2 : 1);
  // The kernel writes every slot (padding too): the writer's scratch serves where given.
  const array = scratch ? (bits > 8 ? scratch.uint16(count * slots) : scratch.uint8(count * slots)) : bits > 8 ? writerUint16(count * slots) : writerUint8(count * slots);
  const top = 2 ** bits - 1;
  const maxError = kernels.raw.quantizeSourcePositions(source, toYUp, grid.offset[0], grid.offset[1], grid.offset[2], grid.step, top, order, array, BOX);
  if (maxError < 0) throw new RangeError('meshcodec: quantizeSourcePositions order names a vertex past the vertex count');
  return { array, byteStride, offset: grid.offset, step: grid.step, maxError, minMax: { min: [BOX[0]!, BOX[1]!, BOX[2]!], max: [BOX[3]!, BOX[4]!, BOX[5]!] } };
}
