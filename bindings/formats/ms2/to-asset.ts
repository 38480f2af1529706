import { emptyAsset, type Asset, type MeshAttributes } from '../../model/asset.js';
import { indexWidthFor, type Kernels } from '../../kernels/kernels.js';
import { getKernels } from '../../kernels/backend.js';
import { MS2_UNITY_READER_LIMIT, type Ms2Document } from './ms2-document.js';
import { negateEvery } from './unity-handedness.js';

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
  // x is negated after the kernel, not by negating its bounds: an exact zero sum is +0 either way,
  // where the mirror of the stored value is −0 (test/ms2-mirror-parse.test.ts).
  const positions = vertexCount > 0 ? dequantize(kernels, document.positions, 3, document.positionBounds!) : new Float32Array(0);
  negateEvery(positions, 3, 0);
  const attributes: MeshAttributes = { positions };
  if (document.normals) {
    attributes.normals = kernels.decodeSnorm8(document.normals);
    negateEvery(attributes.normals, 3, 0);
  }
  if (document.tangents) {
    attributes.tangents = kernels.decodeSnorm8(document.tangents);
    negateEvery(attributes.tangents, 4, 0);
    negateEvery(attributes.tangents, 4, 3);
  }
  if (document.uvs) attributes.uvs = [vertexCount > 0 ? dequantize(kernels, document.uvs, 2, document.uvBounds!) : new Float32Array(0)];
  // Corners 2 and 3 swapped by one kernel, into the document's own array when the Asset may take it.
  const indices = adoptArrays ? document.indices : new Uint16Array(document.indices.length);
  kernels.raw.reverseWindingU16(document.indices, 0, indices);
  asset.meshes.push({ name: 'mesh', attributes, indices: indexWidthFor(vertexCount) === 1 ? new Uint8Array(indices) : indices });
  return asset;
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
