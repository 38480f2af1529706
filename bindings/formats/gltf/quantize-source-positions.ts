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
import { roundHalfUp } from './round-half-up.js';
import { layout, type PositionGrid, type QuantizedAttribute } from './quantize-attributes.js';
import { writerUint16, writerUint8 } from './writer-arena.js';

/** The box of the positions on the output axes (non-finite values as 0) and the count of values not finite. */
export function sourcePositionsBox(source: Float32Array, toYUp: boolean): { replaced: number; box: { min: number[]; max: number[] } } {
  const box = new Float64Array(6);
  box.fill(Infinity, 0, 3).fill(-Infinity, 3);
  const replaced = boxLoop(source, toYUp, box);
  return { replaced, box: { min: [box[0]!, box[1]!, box[2]!], max: [box[3]!, box[4]!, box[5]!] } };
}

/**
 * sourcePositionsBox's loop: min xyz then max xyz widened in `box` (Infinity, −Infinity first);
 * gives the count of values replaced. The box is kept in `box` inside the loop, not in locals
 * stored after it: a loop here does nothing after the loop but return a local (vertex-passes.ts
 * says why; stores after it deoptimized its on-stack-replaced code on every large mesh).
 */
function boxLoop(source: Float32Array, toYUp: boolean, box: Float64Array): number {
  let replaced = 0;
  for (let i = 0; i + 2 < source.length; i += 3) {
    let x = source[i]!;
    const sy = source[i + 1]!;
    const sz = source[i + 2]!;
    let y = toYUp ? sz : sy;
    let z = toYUp ? -sy : sz;
    if (!Number.isFinite(x)) { x = 0; replaced++; }
    if (!Number.isFinite(y)) { y = 0; replaced++; }
    if (!Number.isFinite(z)) { z = 0; replaced++; }
    if (x < box[0]!) box[0] = x;
    if (x > box[3]!) box[3] = x;
    if (y < box[1]!) box[1] = y;
    if (y > box[4]!) box[4] = y;
    if (z < box[2]!) box[2] = z;
    if (z > box[5]!) box[5] = z;
  }
  return replaced;
}

/**
 * The positions (source axes, any non-finite values) quantized on `grid` at `bits`, vertex v
 * written at order[v] (at v without `order`): the same array, offset, step and largest error as
 * quantizePositions(positionsOnAxes(source, toYUp, order).positions, bits, grid).
 */
export function quantizeSourcePositions(source: Float32Array, toYUp: boolean, order: Uint32Array | undefined, bits: 8 | 14 | 16, grid: PositionGrid): QuantizedAttribute & PositionGrid & { maxError: number } {
  const count = Math.floor(source.length / 3);
  const { slots, byteStride } = layout(count, 3, bits > 8 ? 2 : 1);
  const array = bits > 8 ? writerUint16(count * slots) : writerUint8(count * slots);
  const top = 2 ** bits - 1;
  const maxError = array instanceof Uint16Array ? sourceGridLoop(source, toYUp, order, grid, top, array, slots) : sourceGridLoop(source, toYUp, order, grid, top, array, slots);
  return { array, byteStride, offset: grid.offset, step: grid.step, maxError };
}

/** quantizeSourcePositions' loop: gives the largest error (loops here return a local and do nothing after: vertex-passes.ts says why). */
function sourceGridLoop(source: Float32Array, toYUp: boolean, order: Uint32Array | undefined, grid: PositionGrid, top: number, array: Uint8Array | Uint16Array, slots: number): number {
  const ox = grid.offset[0], oy = grid.offset[1], oz = grid.offset[2];
  const step = grid.step;
  let maxError = 0;
  for (let i = 0, v = 0; i + 2 < source.length; i += 3, v++) {
    let x = source[i]!;
    const sy = source[i + 1]!;
    const sz = source[i + 2]!;
    let y = toYUp ? sz : sy;
    let z = toYUp ? -sy : sz;
    if (!Number.isFinite(x)) x = 0;
    if (!Number.isFinite(y)) y = 0;
    if (!Number.isFinite(z)) z = 0;
    const at = (order ? order[v]! : v) * slots;
    const qx = Math.min(top, Math.max(0, roundHalfUp((x - ox) / step)));
    const qy = Math.min(top, Math.max(0, roundHalfUp((y - oy) / step)));
    const qz = Math.min(top, Math.max(0, roundHalfUp((z - oz) / step)));
    array[at] = qx;
    array[at + 1] = qy;
    array[at + 2] = qz;
    const ex = Math.abs(ox + qx * step - x);
    const ey = Math.abs(oy + qy * step - y);
    const ez = Math.abs(oz + qz * step - z);
    if (ex > maxError) maxError = ex;
    if (ey > maxError) maxError = ey;
    if (ez > maxError) maxError = ez;
  }
  return maxError;
}
