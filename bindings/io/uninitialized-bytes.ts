// An output buffer whose every byte the caller writes, without the zeroing `new Uint8Array` does.
//
// Alternatives measured (the IQM encode of the speed bar's mrfixit ×7, 1.05 MB, interleaved on a
// shared 2-core machine): `new Uint8Array(n)` zeroes memory glibc hands back from earlier results
// (8 % of the encode's profile when no page faults hide it): 365 → 335 µs a call, and 326 → 313
// µs with glibc kept from trimming (MALLOC_TRIM_THRESHOLD_); when the pages come fresh from the
// system (zeroed by it) both are the same. Against 364d481 with glibc kept from trimming, the
// IQM encode's changes of this round gave 1.16× without this and 1.22× with it. In Node, Buffer.allocUnsafeSlow gives an ArrayBuffer of its own (never the pooled
// slab); elsewhere (browsers) there is no such allocation and the array is zeroed as before.

interface UnsafeAllocator {
  allocUnsafeSlow(size: number): Uint8Array;
}

const NODE_BUFFER = (globalThis as { Buffer?: Partial<UnsafeAllocator> }).Buffer;
const allocUnsafeSlow = typeof NODE_BUFFER?.allocUnsafeSlow === 'function' ? (NODE_BUFFER as UnsafeAllocator) : undefined;

/** `length` bytes of an ArrayBuffer of their own, not zeroed where the platform allows it: the caller writes every one. */
export function uninitializedBytes(length: number): Uint8Array<ArrayBuffer> {
  if (!allocUnsafeSlow) return new Uint8Array(length);
  const buffer = allocUnsafeSlow.allocUnsafeSlow(length);
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, length);
}
