import type { RawKernels } from '../raw-kernels.js';
import * as quantize from './quantize.js';
import * as indices from './indices.js';
import * as iqm from './iqm.js';
import * as unigine from './unigine.js';
import * as tangentSpace from './tangent-space.js';
import * as weld from './weld.js';
import * as parseNumbers from './parse-numbers.js';
import * as weldVertices from './weld-vertices.js';
import * as vertexGather from './vertex-gather.js';
import * as iqmVertices from './iqm-vertices.js';
import * as iqmQuantize from './iqm-quantize.js';
import * as iqmFrames from './iqm-frames.js';
import * as bounds from './bounds.js';
import * as skinWeights from './skin-weights.js';
import * as indicesU16 from './indices-u16.js';
import * as indexRange from './index-range.js';
import * as usedValues from './used-values.js';
import * as base64 from './base64.js';
import * as normalized from './normalized.js';
import * as keyLines from './key-lines.js';
import { formatFloatRows, formatKeyLines } from './apg-format-floats.js';
import { parseKeyLines } from './key-values.js';
import * as tangentCheck from './tangent-check.js';
import * as flipV from './flip-v.js';
import * as skinRecords from './skin-records.js';
import * as tfIndexStreams from './tf-index-streams.js';
import * as unigineCompressFrames from './unigine-compress-frames.js';
import * as gltfUnitNormals from './gltf-unit-normals.js';
import * as gltfNormalizedSkin from './gltf-normalized-skin.js';
import * as gltfPositions from './gltf-positions.js';
import * as gltfUvs from './gltf-uvs.js';
import * as gltfUnitTangents from './gltf-unit-tangents.js';
import * as unigineWeld from './unigine-weld.js';
import * as unigineWeightRange from './unigine-weight-range.js';
import * as unigineSkinWalk from './unigine-skin-walk.js';
import * as unigineFrameWalk from './unigine-frame-walk.js';
import * as gltfOptSnormVectors from './gltf-opt-snorm-vectors.js';
import * as gltfOptPositions from './gltf-opt-positions.js';
import * as gltfOptUvs from './gltf-opt-uvs.js';

/** The pure-TypeScript backend: the twin of every WebAssembly kernel. */
export const jsRawKernels: RawKernels = {
  ...quantize, ...indices, ...iqm, ...unigine, ...tangentSpace, ...weld, ...parseNumbers, ...weldVertices,
  ...vertexGather, ...iqmVertices, ...iqmQuantize, ...iqmFrames, ...bounds, ...skinWeights, ...indicesU16, ...indexRange, ...usedValues, ...base64, ...normalized, ...keyLines, ...tangentCheck, ...flipV, ...skinRecords, ...tfIndexStreams,
  ...unigineCompressFrames, ...gltfUnitNormals, ...gltfNormalizedSkin, ...gltfPositions, ...gltfUvs, ...gltfUnitTangents,
  ...unigineWeld, ...unigineWeightRange, ...unigineSkinWalk, ...unigineFrameWalk,
  formatFloatRows, formatKeyLines, parseKeyLines,
  ...gltfOptSnormVectors, ...gltfOptPositions, ...gltfOptUvs,
};
