// Arrays made in one V8 elements kind whatever their first contents, for the writer's values that
// optimized code reads from many encodes (issue 22 item 5: recompiles in a bulk run).
//
// V8 gives an array literal the narrowest kind its values allow: `[tx, ty, tz]` of whole numbers
// is a small-integer array, of fractions a double array; an empty `[]` (or `list.map(...)` of an
// empty list) is a small-integer array, one holding objects an object array; and code optimized
// on one kind bails out ("wrong map") when another comes. A bulk run meets both: joints at rest
// ([0, 0, 0]) beside joints that are not, Assets with no skeleton beside skinned ones, documents
// without buffer views beside others. Traced (bench/deopt-trace.ts, 1,000 corpus files to GLB,
// `--jobs 1`): addSkeleton (twice), addSkin, build and copyInto bailed out on exactly these, and
// each recompile cost 1–55 ms of the compiler thread (holdsRestOnAxes and same, which read the same
// TRS arrays, still bail out once a run, "wrong map", for a reason not found).
//
// Alternatives: Float64Array / Float32Array for the TRS values (one kind, but they are JSON values
// too: JSON.stringify prints a typed array as an object of indices); Array.of (the narrowest kind
// again); pre-transitioning by an allocation site (V8 does so for literals whose elements change
// kind in place, not for arrays grown by push, measured with %HaveSameMap). So: a double-array
// boilerplate whose elements are then set (a whole number stored into it stays a double), and an
// object-array seeded with one object and emptied (an array keeps its kind when it shrinks).

/** Three numbers as a double-element array (JSON and reads as a plain array). */
export function doubles3(x: number, y: number, z: number): number[] {
  const out = [0.5, 0.5, 0.5];
  out[0] = x;
  out[1] = y;
  out[2] = z;
  return out;
}

/** Four numbers as a double-element array. */
export function doubles4(x: number, y: number, z: number, w: number): number[] {
  const out = [0.5, 0.5, 0.5, 0.5];
  out[0] = x;
  out[1] = y;
  out[2] = z;
  out[3] = w;
  return out;
}

const SEED = {};

/** An empty list of objects in V8's object-element kind (an empty literal is a small-integer array until its first push). */
export function objectList<T extends object>(): T[] {
  const out = [SEED] as unknown as T[];
  out.pop();
  return out;
}
