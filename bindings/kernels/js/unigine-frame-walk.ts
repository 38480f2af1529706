// Twin of assembly/unigine-frame-walk.ts (see there for the contract). The loop is the
// function's whole body but for its return (see formats/unigine/skin-records.ts on why).

/** Walks flags.length frame entries of `src`: the offset after them, or −(e + 1) for the first entry starting at or past src.length. */
export function walkFrameRecords(src: Uint8Array, channelBytes: number, dstFlags: Uint8Array): number {
  const length = src.length;
  const entries = dstFlags.length;
  let offset = 0;
  for (let e = 0; e < entries; e++) {
    if (offset >= length) return -(e + 1);
    const flag = src[offset]!;
    dstFlags[e] = flag;
    if (flag === 0) offset += 1;
    else if (flag === 8) offset += 9;
    else offset += 1 + (BITS[flag & 7]! + BITS[(flag >> 4) & 7]!) * channelBytes + ((flag >> 3) & 1) * 8;
  }
  return offset;
}

/** Bits set in a 3-bit channel flag. */
const BITS = new Uint8Array([0, 1, 1, 2, 1, 2, 2, 3]);
