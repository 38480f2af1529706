// UNIGINE skin records gathered per welded vertex straight from the bytes the file stores them
// in (gatherSkinWeights without the bones and values arrays): record s is a count byte, then per
// weight an int16 bone and a uint16 value, little-endian; with first[s] the weights before it,
// weight w of record s lies at s + 1 + 4w. Alternatives, measured on 16,749 records of 1–3
// weights gathered for 18,900 vertices (the size of the speed bar's tiled mrfixit as UNIGINE;
// wasm-simd, median of interleaved rounds, shared 2-core machine at load 8): the records split
// into bones and values in TypeScript (DataView loads, the reader before) then gatherSkinWeights,
// 261 µs; the split as a kernel too, 55 µs less for the split, but the records then took room
// beside the bones and values (peak RSS of a 140 MB parse 1.82 → 1.93× the file); the records
// copied into WebAssembly memory and gathered from here, 127 µs, with no bones or values arrays
// (1.84×).

/**
 * 1 / 65535 as float64: value × this, rounded to float32, is exactly value / 65535 rounded to
 * float32 (the twin's Math.fround(value / 65535)) for every uint16 value: the quotient's distance
 * from a float32 rounding boundary is at least 2^-41 of it, the product's error at most 2^-52.
 * test/unigine-weight-step.test.ts checks all 65,536 values. A multiply, not a float64 division
 * per weight: gatherSkinRecords on 16,749 records of 1–3 weights for 18,900 vertices (tiled
 * mrfixit's size; wasm-simd, median of 300 interleaved calls, load ~12) 79.5–87.7 → 73.2–77.7 µs.
 */
const WEIGHT_STEP: f64 = 1.0 / 65535.0;

/**
 * gatherSkinWeights (vertex-gather.ts) over records: `counts` (sourceCount bytes), the records
 * (`length` bytes), jointOf (jointCount), vertexOf (count) → first (sourceCount + 1), four joints
 * and weights per vertex. −1 when done; −3 a count above 4; −2 records that run past `length`;
 * −4 a bone outside jointOf; i ≥ 0 the first vertexOf[i] outside the sources.
 */
export function gatherSkinRecords(
  counts: usize, sourceCount: i32, records: usize, length: i32, jointOf: usize, jointCount: i32,
  vertexOf: usize, count: i32, first: usize, dstJoints: usize, dstWeights: usize,
): i32 {
  let total: u64 = 0;
  for (let s = 0; s < sourceCount; s++) {
    store<u32>(first + (<usize>s << 2), <u32>total);
    const n = <u64>load<u8>(counts + <usize>s);
    if (n > 4) return -3;
    total += n;
  }
  store<u32>(first + (<usize>sourceCount << 2), <u32>total);
  if (<u64>sourceCount + (total << 2) > <u64>length) return -2;
  for (let i = 0; i < count; i++) {
    const s = load<u32>(vertexOf + (<usize>i << 2));
    if (s >= <u32>sourceCount) return i;
    const joints = dstJoints + (<usize>i << 3);
    const weights = dstWeights + (<usize>i << 4);
    store<u64>(joints, 0);
    store<u64>(weights, 0);
    store<u64>(weights + 8, 0);
    const start = load<u32>(first + (<usize>s << 2));
    const end = load<u32>(first + (<usize>s << 2) + 4);
    for (let w = start, k: usize = 0; w < end; w++, k++) {
      const at = records + <usize>s + 1 + (<usize>w << 2);
      const bone = <i32>load<i16>(at);
      if (<u32>bone >= <u32>jointCount) return -4;
      store<u16>(joints + (k << 1), load<u16>(jointOf + (<usize>bone << 1)));
      store<f32>(weights + (k << 2), <f32>(<f64>load<u16>(at + 2) * WEIGHT_STEP));
    }
  }
  return -1;
}
