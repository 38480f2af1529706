/** Hand-made glTF inputs for reader tests: JSON plus one binary buffer, as a GLB or a .gltf with a data: URI. */

export function glb(json: object, bin?: Uint8Array): Uint8Array {
  const text = new TextEncoder().encode(JSON.stringify(json));
  const jsonLength = (text.length + 3) & ~3;
  const binLength = bin ? (bin.length + 3) & ~3 : 0;
  const total = 12 + 8 + jsonLength + (bin ? 8 + binLength : 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, 0x4e4f534a, true);
  out.set(text, 20);
  out.fill(0x20, 20 + text.length, 20 + jsonLength);
  if (bin) {
    view.setUint32(20 + jsonLength, binLength, true);
    view.setUint32(24 + jsonLength, 0x004e4942, true);
    out.set(bin, 28 + jsonLength);
  }
  return out;
}

/** Concatenates typed arrays at 4-byte boundaries; returns the bytes and each part's offset. */
export function pack(...parts: ArrayBufferView[]): { bytes: Uint8Array; offsets: number[] } {
  const offsets: number[] = [];
  let length = 0;
  for (const p of parts) { offsets.push(length); length = (length + p.byteLength + 3) & ~3; }
  const bytes = new Uint8Array(length);
  parts.forEach((p, i) => bytes.set(new Uint8Array(p.buffer, p.byteOffset, p.byteLength), offsets[i]!));
  return { bytes, offsets };
}

/**
 * A skinned, animated quad exercising what the reader must handle: u8 indices, normalized i16
 * normals, normalized u8 UVs, a sparse POSITION accessor, a second unindexed strip primitive,
 * two joints with a node parent, translation keys and rotation keys on different times (one
 * CUBICSPLINE), and a static mesh under a translated node.
 */
export function featureGltf(): { json: Record<string, any>; bin: Uint8Array } {
  const positions = new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]);
  const normals = new Int16Array([0, 0, 32767, 0, 0, 32767, 0, 0, 32767, 0, 0, 32767]);
  const uvs = new Uint8Array([0, 255, 255, 255, 255, 0, 0, 0]);
  const indices = new Uint8Array([0, 1, 2, 0, 2, 3]);
  const sparseIndices = new Uint16Array([2]);
  const sparseValues = new Float32Array([2, 2, 0]);
  const joints = new Uint8Array([0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]);
  const weights = new Float32Array([1, 0, 0, 0, 0.5, 0.5, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]);
  const ibm = new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -1, 0, 0, 1]);
  const tTimes = new Float32Array([0, 0.5, 1]);
  const tValues = new Float32Array([1, 0, 0, 1, 1, 0, 1, 0, 0]);
  const rTimes = new Float32Array([0, 1]);
  const s = Math.SQRT1_2;
  // CUBICSPLINE: in-tangent, value, out-tangent per key.
  const rValues = new Float32Array([0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, s, s, 0, 0, 0, 0]);
  const strip = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0]);
  const { bytes, offsets } = pack(positions, normals, uvs, indices, sparseIndices, sparseValues, joints, weights, ibm, tTimes, tValues, rTimes, rValues, strip);
  const views = [positions, normals, uvs, indices, sparseIndices, sparseValues, joints, weights, ibm, tTimes, tValues, rTimes, rValues, strip].map((p, i) => ({ buffer: 0, byteOffset: offsets[i], byteLength: p.byteLength }));
  const json = {
    asset: { version: '2.0' },
    scene: 0,
    scenes: [{ nodes: [0, 3, 4] }],
    nodes: [
      { name: 'root', children: [1], translation: [0, 0, 0] },
      { name: 'tip', translation: [1, 0, 0] },
      { name: 'unused' },
      { name: 'quad', mesh: 0, skin: 0 },
      { name: 'holder', translation: [0, 0, 5], children: [5] },
      { name: 'strip', mesh: 1 },
    ],
    meshes: [
      { name: 'quad', primitives: [{ attributes: { POSITION: 0, NORMAL: 1, TEXCOORD_0: 2, JOINTS_0: 4, WEIGHTS_0: 5 }, indices: 3, material: 0 }] },
      { name: 'strip', primitives: [{ attributes: { POSITION: 10 }, mode: 5 }] },
    ],
    materials: [{ name: 'paint' }],
    skins: [{ joints: [0, 1], inverseBindMatrices: 6 }],
    animations: [{
      name: 'wave',
      samplers: [{ input: 7, output: 8 }, { input: 9, output: 11, interpolation: 'CUBICSPLINE' }],
      channels: [{ sampler: 0, target: { node: 1, path: 'translation' } }, { sampler: 1, target: { node: 1, path: 'rotation' } }],
    }],
    buffers: [{ byteLength: bytes.length }],
    bufferViews: views,
    accessors: [
      { bufferView: 0, componentType: 5126, count: 4, type: 'VEC3', sparse: { count: 1, indices: { bufferView: 4, componentType: 5123 }, values: { bufferView: 5 } } },
      { bufferView: 1, componentType: 5122, normalized: true, count: 4, type: 'VEC3' },
      { bufferView: 2, componentType: 5121, normalized: true, count: 4, type: 'VEC2' },
      { bufferView: 3, componentType: 5121, count: 6, type: 'SCALAR' },
      { bufferView: 6, componentType: 5121, count: 4, type: 'VEC4' },
      { bufferView: 7, componentType: 5126, count: 4, type: 'VEC4' },
      { bufferView: 8, componentType: 5126, count: 2, type: 'MAT4' },
      { bufferView: 9, componentType: 5126, count: 3, type: 'SCALAR', min: [0], max: [1] },
      { bufferView: 10, componentType: 5126, count: 3, type: 'VEC3' },
      { bufferView: 11, componentType: 5126, count: 2, type: 'SCALAR', min: [0], max: [1] },
      { bufferView: 13, componentType: 5126, count: 4, type: 'VEC3' },
      { bufferView: 12, componentType: 5126, count: 6, type: 'VEC4' },
    ],
  };
  return { json, bin: bytes };
}
