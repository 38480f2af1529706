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

/**
 * `part`'s bytes into `target` at byte `at`. One branch per element type, each with its own view
 * constructor and `set` call: one call site for every type (`new part.constructor(…)`) went
 * megamorphic once a process had written files of more than four element types, and its `set`
 * with it (the typed arrays' six maps); the per-type sites stay monomorphic.
 */
export function copyPart(target: Uint8Array, at: number, part: ComponentArray): void {
  if (part instanceof Uint8Array) {
    target.set(part, at);
    return;
  }
  const offset = target.byteOffset + at;
  if (part instanceof Float32Array) {
    if ((offset & 3) === 0) new Float32Array(target.buffer, offset, part.length).set(part);
    else target.set(bytesOf(part), at);
  } else if (part instanceof Uint16Array) {
    if ((offset & 1) === 0) new Uint16Array(target.buffer, offset, part.length).set(part);
    else target.set(bytesOf(part), at);
  } else if (part instanceof Int16Array) {
    if ((offset & 1) === 0) new Int16Array(target.buffer, offset, part.length).set(part);
    else target.set(bytesOf(part), at);
  } else if (part instanceof Int8Array) {
    new Int8Array(target.buffer, offset, part.length).set(part);
  } else if ((offset & 3) === 0) {
    new Uint32Array(target.buffer, offset, part.length).set(part);
  } else target.set(bytesOf(part), at);
}

/** `part`'s bytes as a Uint8Array (the part itself when it is one). */
export function bytesOf(part: ComponentArray): Uint8Array {
  return part instanceof Uint8Array ? part : new Uint8Array(part.buffer, part.byteOffset, part.byteLength);
}
