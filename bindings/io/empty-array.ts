// Zero-length typed arrays for the tables a file leaves out (an IQM file's comment, its frames).
//
// Why: V8 makes `new Uint8Array(0)` on a slow path (an empty backing store of its own, through
// the runtime): 0.37–0.46 µs a call on this machine, against 0.06–0.11 µs for `new Uint8Array(1)`
// and 0.07–0.12 µs for a view of a shared zero-length ArrayBuffer. A 30 KB IQM parse (the speed
// bar's door, about 4 µs) made two. Alternatives: one shared empty typed array (any property set
// on it, or its buffer transferred, reaches every document); `subarray(0, 0)` of the input (keeps
// the whole input alive as long as the document).
// Here each call gets an array of its own over one shared zero-length ArrayBuffer. Should that
// buffer ever be detached (a caller transferred a document's empty array), a new one is made.

let shared = new ArrayBuffer(0);

type TypedArrayOver<T> = new (buffer: ArrayBuffer) => T;

/** A new zero-length array of `ctor` (Uint8Array, Uint16Array…). */
export function emptyArray<T>(ctor: TypedArrayOver<T>): T {
  try {
    return new ctor(shared);
  } catch {
    shared = new ArrayBuffer(0);
    return new ctor(shared);
  }
}
