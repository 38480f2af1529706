import { documentError } from './document-error.js';
import { ByteWriter } from '../../io/byte-writer.js';
import type { IndexArray } from '../../model/asset.js';
import { writeCompactInt } from './compact-int.js';
import { MESH_MAGIC, storedIndexWidth, type UnigineMeshDocument, type UnigineSurface } from './mesh-document.js';
import { writeAnimatedBones, writeBones, writeBounds, writeFrames, writeNames, writeString } from './write-common.js';

/** Writes an ms11 `.mesh` file. Counts use the shortest compact integers, as UNIGINE writes them. */
export function writeMesh(doc: UnigineMeshDocument): Uint8Array {
  const writer = new ByteWriter(estimateSize(doc));
  writer.ascii(MESH_MAGIC);
  writeBounds(writer, doc.bounds);
  writeBones(writer, doc.bones);
  writeNames(writer, doc.animations.map((a) => a.name));
  writeCompactInt(writer, doc.surfaces.length);
  for (const surface of doc.surfaces) {
    writeString(writer, surface.name);
    writeBounds(writer, surface.bounds);
    writeNames(writer, surface.targets.map((t) => t.name));
  }
  writer.ascii(MESH_MAGIC);
  writer.typed(doc.bindPose);
  for (const animation of doc.animations) {
    writeAnimatedBones(writer, animation.boneIndices);
    writer.u8(animation.mask);
    writeFrames(writer, animation);
  }
  for (const surface of doc.surfaces) writeSurfaceData(writer, surface);
  writer.ascii(MESH_MAGIC);
  return writer.finish();
}

function writeSurfaceData(writer: ByteWriter, surface: UnigineSurface): void {
  for (const target of surface.targets) {
    writeCompactInt(writer, target.vertices.length / 3);
    writer.typed(target.vertices);
    writeCompactInt(writer, target.tangents.length / 4);
    writer.typed(target.tangents);
  }
  writeCompactInt(writer, surface.weightCounts.length);
  for (let v = 0, w = 0; v < surface.weightCounts.length; v++) {
    const n = surface.weightCounts[v]!;
    writer.u8(n);
    for (let k = 0; k < n; k++, w++) writer.i16(surface.weightBones[w]!).u16(surface.weightValues[w]!);
  }
  writeCompactInt(writer, surface.uv0.length / 2);
  writer.typed(surface.uv0);
  writeCompactInt(writer, surface.uv1.length / 2);
  writer.typed(surface.uv1);
  writeCompactInt(writer, surface.colors.length / 4);
  writer.typed(surface.colors);
  const target0 = surface.targets[0];
  writeIndices(writer, surface.cindices, storedIndexWidth((target0?.vertices.length ?? 0) / 3), `surface ${surface.name} cindices`);
  writeIndices(writer, surface.tindices, storedIndexWidth((target0?.tangents.length ?? 0) / 4), `surface ${surface.name} tindices`);
}

/** Indices at `width` bytes: as they are when the array has that width, else converted (each must fit). */
function writeIndices(writer: ByteWriter, indices: IndexArray, width: 1 | 2 | 4, what: string): void {
  writeCompactInt(writer, indices.length);
  if (indices.BYTES_PER_ELEMENT === width) {
    writer.typed(indices);
    return;
  }
  const limit = width === 1 ? 0xff : width === 2 ? 0xffff : 0xffffffff;
  const stored = width === 1 ? new Uint8Array(indices.length) : width === 2 ? new Uint16Array(indices.length) : new Uint32Array(indices.length);
  for (let i = 0; i < indices.length; i++) {
    if (indices[i]! > limit) documentError(`${what}: index ${indices[i]} at ${i} does not fit the ${width}-byte width the vertex count calls for`);
    stored[i] = indices[i]!;
  }
  writer.typed(stored);
}

function estimateSize(doc: UnigineMeshDocument): number {
  let bytes = 1024 + doc.bindPose.byteLength;
  for (const a of doc.animations) bytes += a.flags.length + a.positions.byteLength + a.rotations.byteLength + a.scales.byteLength;
  for (const s of doc.surfaces) {
    for (const t of s.targets) bytes += t.vertices.byteLength + t.tangents.byteLength;
    bytes += s.weightCounts.length + s.weightBones.byteLength * 2 + s.uv0.byteLength + s.uv1.byteLength + s.colors.length;
    bytes += s.cindices.byteLength + s.tindices.byteLength;
  }
  return bytes;
}
