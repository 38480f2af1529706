// Twin of assembly/unigine-compress-frames.ts: the same bytes and flags (values compared and
// copied as their bits), every value written and the cursor moved by whether it changed.

/** Twin of compressFrameRecords in assembly/unigine-compress-frames.ts (channel width from `positions`). */
export function compressFrameRecords(
  positions: Uint32Array | Uint16Array, rotations: Int16Array, scales: Uint32Array | Uint16Array,
  frames: number, bones: number, dstFlags: Uint8Array, dst: Uint8Array,
): number {
  const wide = positions.BYTES_PER_ELEMENT === 4;
  const width = wide ? 4 : 2;
  const entries = frames * bones;
  // The same check as the WebAssembly binding: never past the arrays.
  if (positions.length < entries * 3 || scales.length < entries * 3 || scales.BYTES_PER_ELEMENT !== width || rotations.length < entries * 4
    || dstFlags.length < entries || dst.length < entries * (9 + 6 * width)) {
    throw new RangeError('meshcodec: compressFrameRecords arrays are shorter than frames × bones entries');
  }
  const out = new DataView(dst.buffer, dst.byteOffset, dst.byteLength);
  let at = 0;
  for (let f = 0; f < frames; f++) {
    const all = f === 0;
    for (let b = 0; b < bones; b++) {
      const key = b * frames + f;
      const flagAt = at++;
      let flag = 0;
      for (let c = 0; c < 3; c++) {
        const v = positions[key * 3 + c]!;
        const changed = all || v !== positions[key * 3 + c - 3] ? 1 : 0;
        if (wide) out.setUint32(at, v, true);
        else out.setUint16(at, v, true);
        at += changed * width;
        flag |= changed << c;
      }
      let rotated = all ? 1 : 0;
      for (let c = 0; c < 4; c++) {
        const v = rotations[key * 4 + c]!;
        if (!all && v !== rotations[key * 4 + c - 4]) rotated = 1;
        out.setInt16(at + 2 * c, v, true);
      }
      at += rotated * 8;
      flag |= rotated << 3;
      for (let c = 0; c < 3; c++) {
        const v = scales[key * 3 + c]!;
        const changed = all || v !== scales[key * 3 + c - 3] ? 1 : 0;
        if (wide) out.setUint32(at, v, true);
        else out.setUint16(at, v, true);
        at += changed * width;
        flag |= changed << (c + 4);
      }
      out.setUint8(flagAt, flag);
      dstFlags[f * bones + b] = flag;
    }
  }
  return at;
}
