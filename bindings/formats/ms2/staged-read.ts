// A MeshSerializer2 parse on a WebAssembly backend in one workspace: the file's arrays copied
// once, straight into WebAssembly memory, decoded there in place, and the Asset's arrays taken
// out with one copy (Workspace.keepAll).
//
// Why: the document path (readMs2, then ms2ToAsset) copies each array out of the file, the
// kernel call stages it into WebAssembly memory again, and each result is copied back out into
// an array of its own: three copies of everything, and at 30 KB those copies and allocations were
// a third of the parse. Measured against the document path, interleaved (default backend, shared
// 2-core machine): the speed bar's 30 KB MS2 door 17.1 → 12.7 µs, its 1 MB mrfixit 0.70×.
// The document path stays for js kernels (its arrays are the kernels' own there: nothing is
// staged), for files whose size does not match their header (so that its errors, which name
// what is missing, stay the only ones), for an index out of range (the same), for a file with no
// vertices, and for big-endian platforms.
import { LITTLE_ENDIAN } from '../../io/byte-reader.js';
import { emptyAsset, type Asset, type MeshAttributes } from '../../model/asset.js';
import { indexWidthFor, type Kernels } from '../../kernels/kernels.js';
import { isValidMs2Format, ms2ByteSize, MS2_FORMAT, MS2_HEADER_BYTES, MS2_UNITY_READER_LIMIT } from './ms2-document.js';

const SIGN = 0x80000000;

/** The Asset of a well-formed MS2 file on WebAssembly kernels, or undefined for the document path (see above). */
export function stagedMs2ToAsset(bytes: Uint8Array, kernels: Kernels): Asset | undefined {
  if (kernels.backend === 'js' || !LITTLE_ENDIAN || bytes.length < MS2_HEADER_BYTES) return undefined;
  const vertexCount = bytes[0]! | (bytes[1]! << 8);
  const triangleCount = bytes[2]! | (bytes[3]! << 8);
  const format = bytes[4]!;
  if (vertexCount === 0 || !isValidMs2Format(format) || ms2ByteSize(vertexCount, triangleCount, format) !== bytes.length) return undefined;
  const hasNormals = (format & MS2_FORMAT.normals) !== 0;
  const hasTangents = (format & MS2_FORMAT.tangents) !== 0;
  const hasUvs = (format & MS2_FORMAT.uvs) !== 0;
  const n = vertexCount;
  const ws = kernels.workspace({
    positions: ['u16', 3 * n],
    normals: ['u8', hasNormals ? 3 * n : 0],
    tangents: ['u8', hasTangents ? 4 * n : 0],
    uvs: ['u16', hasUvs ? 2 * n : 0],
    // min (3), size (3), UV min (2), UV size (2); then the sign masks: x (3, padded), x and w (4).
    bounds: ['f32', 10],
    signs: ['u32', 8],
    // What the Asset keeps, last and together, so that keepAll copies nothing else: the indices
    // are rewound in place.
    positionsOut: ['f32', 3 * n],
    normalsOut: ['f32', hasNormals ? 3 * n : 0],
    tangentsOut: ['f32', hasTangents ? 4 * n : 0],
    uvsOut: ['f32', hasUvs ? 2 * n : 0],
    indices: ['u16', 3 * triangleCount],
  });
  try {
    const a = ws.arrays;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
    let at = MS2_HEADER_BYTES;
    const b = a.bounds;
    // Bounds are stored min, max per axis; sizes are computed in double and stored as float32, as the document path does.
    for (let c = 0; c < 3; c++) {
      const min = view.getFloat32(at + 8 * c, true);
      b[c] = min;
      b[3 + c] = view.getFloat32(at + 8 * c + 4, true) - min;
    }
    at += 24;
    const take = (into: Uint8Array | Uint16Array, byteLength: number) => {
      new Uint8Array(into.buffer, into.byteOffset, byteLength).set(bytes.subarray(at, at + byteLength));
      at += byteLength;
    };
    take(a.positions, 6 * n);
    if (hasNormals) take(a.normals, 3 * n);
    if (hasTangents) take(a.tangents, 4 * n);
    if (hasUvs) {
      for (let c = 0; c < 2; c++) {
        const min = view.getFloat32(at + 8 * c, true);
        b[6 + c] = min;
        b[8 + c] = Math.fround(view.getFloat32(at + 8 * c + 4, true) - min);
      }
      at += 16;
      take(a.uvs, 4 * n);
    }
    take(a.indices, 6 * triangleCount);
    const raw = kernels.raw;
    if (triangleCount > 0 && raw.maxIndexU16(a.indices) >= n) return undefined;
    // Workspace memory is not cleared: every element is set.
    a.signs.set([SIGN, 0, 0, 0, SIGN, 0, 0, SIGN]);
    const signs = a.signs;
    raw.dequantizeUnorm16Signs(a.positions, 3, b.subarray(0, 3), b.subarray(3, 6), signs.subarray(0, 3), a.positionsOut);
    if (hasNormals) raw.decodeSnorm8Signs(a.normals, 3, signs.subarray(0, 3), a.normalsOut);
    if (hasTangents) raw.decodeSnorm8Signs(a.tangents, 4, signs.subarray(4, 8), a.tangentsOut);
    if (hasUvs) raw.dequantizeUnorm16(a.uvs, 2, b.subarray(6, 8), b.subarray(8, 10), a.uvsOut);
    raw.reverseWindingU16(a.indices, 0, a.indices);
    const kept = [a.positionsOut, a.indices] as (Float32Array | Uint16Array)[];
    if (hasNormals) kept.push(a.normalsOut);
    if (hasTangents) kept.push(a.tangentsOut);
    if (hasUvs) kept.push(a.uvsOut);
    const out = ws.keepAll(kept);
    let next = 2;
    const attributes: MeshAttributes = { positions: out[0] as Float32Array };
    if (hasNormals) attributes.normals = out[next++] as Float32Array;
    if (hasTangents) attributes.tangents = out[next++] as Float32Array;
    if (hasUvs) attributes.uvs = [out[next++] as Float32Array];
    const indices = out[1] as Uint16Array;
    const asset = emptyAsset('ms2');
    asset.upAxis = 'y';
    if (vertexCount > MS2_UNITY_READER_LIMIT || triangleCount > MS2_UNITY_READER_LIMIT) {
      asset.warnings.push(`${vertexCount} vertices and ${triangleCount} triangles: the original MeshSerializer2 reader refuses counts above ${MS2_UNITY_READER_LIMIT}`);
    }
    asset.meshes.push({ name: 'mesh', attributes, indices: indexWidthFor(vertexCount) === 1 ? new Uint8Array(indices) : indices });
    return asset;
  } finally {
    ws.release();
  }
}
