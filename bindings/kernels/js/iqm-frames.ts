// TypeScript twin of assembly/iqm-frames.ts.

export function iqmSegmentRanges(pool: Float32Array, segments: Uint32Array, channelCount: number, dstMin: Float32Array, dstMax: Float32Array): void {
  dstMin.fill(Infinity, 0, channelCount);
  dstMax.fill(-Infinity, 0, channelCount);
  for (let s = 0; s + 3 < segments.length; s += 4) {
    const first = segments[s]!;
    const components = segments[s + 2]!;
    const end = segments[s + 1]! + segments[s + 3]! * components;
    for (let p = segments[s + 1]!; p < end; p += components) {
      for (let c = 0; c < components; c++) {
        const v = pool[p + c]!;
        if (v < dstMin[first + c]!) dstMin[first + c] = v;
        if (v > dstMax[first + c]!) dstMax[first + c] = v;
      }
    }
  }
}

const f = Math.fround;

export function quantizeIqmColumns(pool: Float32Array, columns: Uint32Array, frameCounts: Uint32Array, offsets: Float32Array, scales: Float32Array, dst: Uint16Array): void {
  const columnCount = offsets.length;
  let o = 0;
  for (let a = 0; a < frameCounts.length; a++) {
    const n = frameCounts[a]!;
    const table = a * columnCount * 3;
    for (let frame = 0; frame < n; frame++) {
      for (let c = 0, e = table; c < columnCount; c++, e += 3) {
        const last = columns[e + 2]!;
        const v = pool[columns[e]! + (frame < last ? frame : last) * columns[e + 1]!]!;
        const q = f(f(0.5) + f(f(v - offsets[c]!) / scales[c]!));
        dst[o++] = q >= 65535 ? 65535 : q > 0 ? Math.trunc(q) : 0;
      }
    }
  }
}
