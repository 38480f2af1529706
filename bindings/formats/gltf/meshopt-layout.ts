// The binary layout of a glTF whose buffer views are EXT_meshopt_compression-encoded.
//
// Buffer 0 holds the compressed bytes (and the views that are not compressed, as images); buffer 1
// is the fallback the extension defines: as long as the uncompressed data, without data (no uri,
// `fallback: true`), and every compressed view keeps its uncompressed place in it. So the file
// needs the extension (extensionsRequired), as gltfpack's files do. A view whose bytes the writer
// made through a filter (ViewCompression.filter) is encoded with it. Which filter where, measured
// per kind of data (bench/glb-breakdown.ts): EXPONENTIAL for translation and scale keys and for UV
// sets outside 0–1 by default (float32 keys of mrfixit.iqm 17,168 → 9,551 compressed bytes at one
// float32 ulp of the largest value; Box47's UVs 596,846 → 377,320); OCTAHEDRAL and QUATERNION only
// at gltfpack's precision (quantize normal / tangent 'oct8', rotation 12): at snorm8's / snorm16's
// error they save nothing (10-bit octahedral 5,412 vs snorm8 5,793 on mrfixit's normals, 200,539 vs
// 191,017 on Box47's) or little (16-bit quaternions 14,094 vs snorm16 17,546 at twice the error).
import { align4 } from './glb-container.js';
import type { BuiltGltf, GltfObject, ViewCompression } from './gltf-builder.js';
import { encodeMeshoptView, meshoptFallbackBuffer } from './meshopt-encode.js';
import { EXT_MESHOPT_COMPRESSION } from './meshopt-rules.js';

/** `json` (changed in place) with every compressible view encoded; `views` as the builder laid them out in `fallbackLength` bytes. */
export function meshoptLayout(json: GltfObject, views: readonly { bytes: Uint8Array; offset: number; compression?: ViewCompression }[], fallbackLength: number): BuiltGltf {
  const buffer: PlacedBytes = { placed: [], length: 0 };
  const bufferViews = (json.bufferViews as GltfObject[]).map((view, i) => {
    const source = views[i]!;
    if (!source.compression) {
      const out: GltfObject = { ...view, buffer: 0 };
      const offset = place(buffer, source.bytes);
      if (offset > 0) out.byteOffset = offset;
      else delete out.byteOffset;
      return out;
    }
    const { mode, byteStride, count, filter } = source.compression;
    const encoded = encodeMeshoptView({ bytes: source.bytes, mode, byteStride, count, filter });
    encoded.extension.byteOffset = place(buffer, encoded.bytes);
    // The builder's own view object, changed in place (the same keys in the same order as a copy:
    // a spread copy per view took V8's slow path for views of many shapes).
    view.buffer = 1;
    view.extensions = { [EXT_MESHOPT_COMPRESSION]: encoded.extension };
    return view;
  });
  // `json` is the builder's fresh copy (tidyJson): changed in place, the same keys in the same
  // order as a spread copy with these two, without V8's slow copy of an object of many keys.
  json.bufferViews = bufferViews;
  json.buffers = [{ byteLength: buffer.length }, meshoptFallbackBuffer(fallbackLength)];
  const { placed } = buffer;
  return {
    json,
    byteLength: buffer.length,
    copyInto: (target, offset) => { for (const p of placed) target.set(p.bytes, offset + p.offset); },
  };
}

/** Buffer 0's parts as placed so far, and its length (each part at the next multiple of 4 bytes). */
interface PlacedBytes {
  placed: { bytes: Uint8Array; offset: number }[];
  length: number;
}

/**
 * `bytes` appended to `buffer`, giving their offset. A function, not a closure made per call
 * (under esbuild's keepNames, as tsx and the benches run, each was also named through a property
 * definition: 5 % of meshoptLayout's time on untitled.apg).
 */
function place(buffer: PlacedBytes, bytes: Uint8Array): number {
  const offset = buffer.length;
  buffer.placed.push({ bytes, offset });
  buffer.length = align4(offset + bytes.length);
  return offset;
}
