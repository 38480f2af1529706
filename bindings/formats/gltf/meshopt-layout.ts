// The binary layout of a glTF whose buffer views are EXT_meshopt_compression-encoded.
//
// Buffer 0 holds the compressed bytes (and the views that are not compressed, as images); buffer 1
// is the fallback the extension defines: as long as the uncompressed data, without data (no uri,
// `fallback: true`), and every compressed view keeps its uncompressed place in it. So the file
// needs the extension (extensionsRequired), as gltfpack's files do. No filters: measured on seven
// corpus files (bench/glb-optimize.bench.ts), the OCTAHEDRAL filter for normals and tangents (int16
// × 4 at 10 bits, to stay within the snorm8 bound; 8 bits was 0.021 rad off) and QUATERNION for
// rotation keys made the files 1.4 % smaller to 7 % larger (mrfixit −1.4 %, Box47 +2.4 %, coins
// +7.4 %) than the quantized integers coded as they are.
import { align4 } from './glb-container.js';
import type { BuiltGltf, GltfObject, ViewCompression } from './gltf-builder.js';
import { encodeMeshoptView, meshoptFallbackBuffer } from './meshopt-encode.js';
import { EXT_MESHOPT_COMPRESSION } from './meshopt-rules.js';

/** `json` with every compressible view encoded; `views` as the builder laid them out in `fallbackLength` bytes. */
export function meshoptLayout(json: GltfObject, views: readonly { bytes: Uint8Array; offset: number; compression?: ViewCompression }[], fallbackLength: number): BuiltGltf {
  const placed: { bytes: Uint8Array; offset: number }[] = [];
  let length = 0;
  const place = (bytes: Uint8Array): number => {
    const offset = length;
    placed.push({ bytes, offset });
    length = align4(offset + bytes.length);
    return offset;
  };
  const bufferViews = (json.bufferViews as GltfObject[]).map((view, i) => {
    const source = views[i]!;
    if (!source.compression) {
      const out: GltfObject = { ...view, buffer: 0 };
      const offset = place(source.bytes);
      if (offset > 0) out.byteOffset = offset;
      else delete out.byteOffset;
      return out;
    }
    const encoded = encodeMeshoptView({ bytes: source.bytes, ...source.compression });
    encoded.extension.byteOffset = place(encoded.bytes);
    return { ...view, buffer: 1, extensions: { [EXT_MESHOPT_COMPRESSION]: encoded.extension } };
  });
  return {
    json: { ...json, bufferViews, buffers: [{ byteLength: length }, meshoptFallbackBuffer(fallbackLength)] },
    byteLength: length,
    copyInto: (target, offset) => { for (const p of placed) target.set(p.bytes, offset + p.offset); },
  };
}
