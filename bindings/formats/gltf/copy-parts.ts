// The glTF builder's parts (typed arrays of any element type) copied into byte arrays.
//
// The builder kept a byte view of every accessor's array (`new Uint8Array(array.buffer, …)`).
// V8 keeps a typed array of up to 64 bytes inside the JavaScript heap, and reading its `.buffer`
// moves it out: a new backing store, a copy, the array changed over (about 200 ns against 20–40
// for the array itself, measured in a loop of fresh 48-byte arrays on the shared 2-core machine).
// Small meshes are made of such arrays (editor_viewcube.mesh: 26 meshes of 4–12 vertices, 130
// accessors). Now the builder keeps the arrays themselves and copies each through a view of the
// target of the same element type (a view of a buffer that already exists: no move, no copy of its
// own), aligned as every part of a view is; a byte copy where the target offset is not aligned.
import type { ComponentArray } from './gltf-builder.js';

type PartConstructor = new (buffer: ArrayBufferLike, byteOffset: number, length: number) => ComponentArray;

/** `part`'s bytes into `target` at byte `at`. */
export function copyPart(target: Uint8Array, at: number, part: ComponentArray): void {
  if (part instanceof Uint8Array) {
    target.set(part, at);
    return;
  }
  const offset = target.byteOffset + at;
  if (offset % part.BYTES_PER_ELEMENT === 0) (new (part.constructor as PartConstructor)(target.buffer, offset, part.length) as Float32Array).set(part as Float32Array);
  else target.set(bytesOf(part), at);
}

/** `part`'s bytes as a Uint8Array (the part itself when it is one). */
export function bytesOf(part: ComponentArray): Uint8Array {
  return part instanceof Uint8Array ? part : new Uint8Array(part.buffer, part.byteOffset, part.byteLength);
}
