// Blob buffers assetToTf lays its documents out in (every array a view at its blob offset). The
// blob writer hands such a buffer out as the .msh.blob instead of copying it, once: a second
// write of the same document (or a document whose arrays view any other buffer, e.g. a blob that
// was read) copies, so no output shares memory with an input or with another output.
const unclaimed = new WeakSet<ArrayBuffer>();

/** Marks `buffer` as a blob the writer may hand out once. */
export function offerBlobBuffer(buffer: ArrayBuffer): ArrayBuffer {
  unclaimed.add(buffer);
  return buffer;
}

/** True (and no longer offered) when `buffer` was offered and not yet taken. */
export function takeBlobBuffer(buffer: ArrayBufferLike): boolean {
  return unclaimed.delete(buffer as ArrayBuffer);
}
