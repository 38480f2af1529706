import { documentError } from './document-error.js';
import { UnigineWriter } from './field-writer.js';
import { getKernels } from '../../kernels/backend.js';
import type { Kernels } from '../../kernels/kernels.js';
import type { IndexArray } from '../../model/asset.js';
import { compactIntBytes } from './compact-int.js';
import { MESH_MAGIC, storedIndexWidth, type UnigineMeshDocument, type UnigineSurface } from './mesh-document.js';
import { bonesBytes, BOUNDS_BYTES, framesBytes, namesBytes, stringBytes, writeAnimatedBones, writeBones, writeBounds, writeFrames, writeNames } from './write-common.js';

/**
 * Writes an ms11 `.mesh` file, into a buffer of the file's size computed first. Counts use the
 * shortest compact integers, as UNIGINE writes them, and strings UTF-8, except the fields the
 * document keeps verbatim (read from a file that stores them otherwise: see verbatim-fields.ts).
 */
export function writeMesh(doc: UnigineMeshDocument, kernels: Kernels = getKernels()): Uint8Array {
  const writer = new UnigineWriter(meshFileBytes(doc), doc.verbatim);
  writer.ascii(MESH_MAGIC);
  writeBounds(writer, doc.bounds);
  writeBones(writer, doc.bones);
  writeNames(writer, doc.animations.map((a) => a.name));
  writer.compactInt(doc.surfaces.length);
  for (const surface of doc.surfaces) {
    writer.string(surface.name);
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
  for (const surface of doc.surfaces) writeSurfaceData(writer, kernels, surface);
  writer.ascii(MESH_MAGIC);
  return writer.finish();
}

function writeSurfaceData(writer: UnigineWriter, kernels: Kernels, surface: UnigineSurface): void {
  for (const target of surface.targets) {
    writer.compactInt(target.vertices.length / 3);
    writer.typed(target.vertices);
    writer.compactInt(target.tangents.length / 4);
    writer.typed(target.tangents);
  }
  writer.compactInt(surface.weightCounts.length);
  writeWeightRecords(writer, kernels, surface);
  writer.compactInt(surface.uv0.length / 2);
  writer.typed(surface.uv0);
  writer.compactInt(surface.uv1.length / 2);
  writer.typed(surface.uv1);
  writer.compactInt(surface.colors.length / 4);
  writer.typed(surface.colors);
  const target0 = surface.targets[0];
  writeIndices(writer, surface.cindices, storedIndexWidth((target0?.vertices.length ?? 0) / 3), `surface ${surface.name} cindices`);
  writeIndices(writer, surface.tindices, storedIndexWidth((target0?.tangents.length ?? 0) / 4), `surface ${surface.name} tindices`);
}

/** Per vertex its weight count (uint8), then per weight the bone (int16) and the value (uint16): the packWeightRecords kernel, straight into the file. */
function writeWeightRecords(writer: UnigineWriter, kernels: Kernels, surface: UnigineSurface): void {
  const { weightCounts: counts, weightBones: bones, weightValues: values } = surface;
  if (bones.length !== values.length) documentError(`surface ${surface.name}: ${bones.length} weight bones and ${values.length} weight values`);
  const used = kernels.raw.packWeightRecords(counts, bones, values, writer.claim(counts.length + bones.length * 4));
  if (used !== bones.length) documentError(`surface ${surface.name}: the weight counts do not call for the ${bones.length} weights stored`);
}

/** Indices at `width` bytes: as they are when the array has that width, else converted (each must fit). */
function writeIndices(writer: UnigineWriter, indices: IndexArray, width: 1 | 2 | 4, what: string): void {
  writer.compactInt(indices.length);
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

/** The size of the file writeMesh writes (for a consistent document; an inconsistent one is refused while writing). */
function meshFileBytes(doc: UnigineMeshDocument): number {
  let bytes = 3 * MESH_MAGIC.length + BOUNDS_BYTES + bonesBytes(doc.bones) + namesBytes(doc.animations.map((a) => a.name));
  bytes += compactIntBytes(doc.surfaces.length);
  for (const s of doc.surfaces) bytes += stringBytes(s.name) + BOUNDS_BYTES + namesBytes(s.targets.map((t) => t.name));
  bytes += doc.bindPose.byteLength;
  for (const a of doc.animations) bytes += 1 + framesBytes(a);
  for (const s of doc.surfaces) bytes += surfaceDataBytes(s);
  return bytes;
}

function surfaceDataBytes(s: UnigineSurface): number {
  const counted = (count: number, byteLength: number) => compactIntBytes(count) + byteLength;
  let bytes = 0;
  for (const t of s.targets) bytes += counted(t.vertices.length / 3, t.vertices.byteLength) + counted(t.tangents.length / 4, t.tangents.byteLength);
  bytes += counted(s.weightCounts.length, s.weightCounts.length + s.weightBones.length * 4);
  bytes += counted(s.uv0.length / 2, s.uv0.byteLength) + counted(s.uv1.length / 2, s.uv1.byteLength) + counted(s.colors.length / 4, s.colors.byteLength);
  const target0 = s.targets[0];
  bytes += counted(s.cindices.length, s.cindices.length * storedIndexWidth((target0?.vertices.length ?? 0) / 3));
  bytes += counted(s.tindices.length, s.tindices.length * storedIndexWidth((target0?.tangents.length ?? 0) / 4));
  return bytes;
}
