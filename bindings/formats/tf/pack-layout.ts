import { StreamIndex } from './equal-streams.js';
import type { TfBlobRange, TfMeshDocument } from './tf-document.js';

/**
 * The document with a packed blob layout: vertex attributes in order, then each submesh's index
 * streams, with a stream whose indices equal an earlier one's sharing its bytes (as the game's
 * single-stream files do). Unreferenced bytes are dropped.
 */
export function packTfLayout(doc: TfMeshDocument): TfMeshDocument {
  let end = 0;
  const place = <T extends TfBlobRange & { data: Float32Array | Uint32Array }>(array: T): T => {
    const placed = { ...array, offset: end, count: array.data.byteLength };
    end += placed.count;
    return placed;
  };
  const attributes = doc.attributes.map(place);
  const placedStreams = new StreamIndex<number>();
  const subMeshes = doc.subMeshes.map((subMesh) => ({
    ...subMesh,
    indices: subMesh.indices.map((stream) => {
      const same = placedStreams.find(stream.data);
      if (same !== undefined) return { ...stream, offset: same, count: stream.data.byteLength };
      const placed = place(stream);
      placedStreams.add(placed.data, placed.offset);
      return placed;
    }),
  }));
  return { ...doc, attributes, subMeshes, unreferenced: [] };
}
