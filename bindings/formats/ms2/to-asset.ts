import { emptyAsset, type Asset, type MeshAttributes } from '../../model/asset.js';
import { indexWidthFor, type Kernels } from '../../kernels/kernels.js';
import { getKernels } from '../../kernels/backend.js';
import { MS2_UNITY_READER_LIMIT, type Ms2Document } from './ms2-document.js';

export interface Ms2ToAssetOptions {
  kernels?: Kernels;
}

/**
 * Converts a document to the Asset model. Positions and UVs are dequantized over their bounds
 * (dequantizeUnorm16), normals and tangents decoded from bytes (decodeSnorm8). Unity is
 * left-handed with clockwise front faces; the Asset is right-handed and counter-clockwise, so x
 * is mirrored (positions, normals, tangents), tangent w (the bitangent sign) flips with it and
 * every triangle's corners 2 and 3 swap. Y stays up. `adoptArrays`: the Asset may take the
 * document's index array, rewound in place (for a document read only to make this Asset).
 */
export function ms2ToAsset(document: Ms2Document, options: Ms2ToAssetOptions = {}, adoptArrays = false): Asset {
  const kernels = options.kernels ?? getKernels();
  const asset = emptyAsset('ms2');
  asset.upAxis = 'y';
  const { vertexCount, triangleCount } = document;
  if (vertexCount > MS2_UNITY_READER_LIMIT || triangleCount > MS2_UNITY_READER_LIMIT) {
    asset.warnings.push(`${vertexCount} vertices and ${triangleCount} triangles: the original MeshSerializer2 reader refuses counts above ${MS2_UNITY_READER_LIMIT}`);
  }
  // x mirrored (and tangent w flipped) inside the kernels: each value's sign bit flipped, which is
  // the negation exactly (negating the bounds is not: an exact zero sum is +0 either way).
  const positions = vertexCount > 0 ? mirrored(kernels, document.positions, document.positionBounds!) : new Float32Array(0);
  const attributes: MeshAttributes = { positions };
  if (document.normals) {
    attributes.normals = new Float32Array(document.normals.length);
    kernels.raw.decodeSnorm8Signs(document.normals, 3, MIRROR_X.subarray(0, 3), attributes.normals);
  }
  if (document.tangents) {
    attributes.tangents = new Float32Array(document.tangents.length);
    kernels.raw.decodeSnorm8Signs(document.tangents, 4, MIRROR_X_AND_W, attributes.tangents);
  }
  if (document.uvs) attributes.uvs = [vertexCount > 0 ? dequantize(kernels, document.uvs, 2, document.uvBounds!) : new Float32Array(0)];
  // Corners 2 and 3 swapped by one kernel, into the document's own array when the Asset may take it.
  const indices = adoptArrays ? document.indices : new Uint16Array(document.indices.length);
  kernels.raw.reverseWindingU16(document.indices, 0, indices);
  asset.meshes.push({ name: 'mesh', attributes, indices: indexWidthFor(vertexCount) === 1 ? new Uint8Array(indices) : indices });
  return asset;
}

/** Sign bits XORed per component: x (and tangent w) flipped. */
const SIGN = 0x80000000;
const MIRROR_X = Uint32Array.from([SIGN, 0, 0, 0]);
const MIRROR_X_AND_W = Uint32Array.from([SIGN, 0, 0, SIGN]);

/** Positions dequantized over their bounds (min, max per axis), x mirrored. */
function mirrored(kernels: Kernels, values: Uint16Array, bounds: Float32Array): Float32Array {
  const min = Float32Array.from([bounds[0]!, bounds[2]!, bounds[4]!]);
  const size = Float32Array.from([bounds[1]! - bounds[0]!, bounds[3]! - bounds[2]!, bounds[5]! - bounds[4]!]);
  const dst = new Float32Array(values.length);
  kernels.raw.dequantizeUnorm16Signs(values, 3, min, size, MIRROR_X.subarray(0, 3), dst);
  return dst;
}

/** Bounds are stored min, max per axis. */
function dequantize(kernels: Kernels, values: Uint16Array, components: number, bounds: Float32Array): Float32Array {
  const min: number[] = [];
  const size: number[] = [];
  for (let c = 0; c < components; c++) {
    min.push(bounds[2 * c]!);
    size.push(Math.fround(bounds[2 * c + 1]! - bounds[2 * c]!));
  }
  return kernels.dequantizeUnorm16(values, components, min, size);
}
