// A glTF file as the glTF mutators edit it: the parsed JSON and the bytes of its first buffer
// (a GLB's BIN chunk, or a .gltf's `data:` URI), written back as the container it came in.
import { encodeUtf8, utf8 } from './mutator.js';

export interface GltfDocument {
  json: Record<string, any>;
  /** The first buffer's bytes, when the file holds them (GLB BIN chunk or base64 data URI). */
  bin: Uint8Array | undefined;
  container: 'glb' | 'gltf';
}

const GLB_MAGIC = 0x46546c67;
const JSON_CHUNK = 0x4e4f534a;
const BIN_CHUNK = 0x004e4942;
const DATA_URI = /^data:[^,]*;base64,/;

/** The document of a GLB or .gltf, or undefined when the bytes are not one (an earlier mutation broke it). */
export function readGltfDocument(bytes: Uint8Array): GltfDocument | undefined {
  try {
    if (bytes.length >= 20 && new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true) === GLB_MAGIC) {
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const jsonLength = view.getUint32(12, true);
      if (view.getUint32(16, true) !== JSON_CHUNK) return undefined;
      const json = JSON.parse(utf8(bytes.subarray(20, 20 + jsonLength)));
      const binAt = 20 + jsonLength;
      const bin = binAt + 8 <= bytes.length && view.getUint32(binAt + 4, true) === BIN_CHUNK ? bytes.slice(binAt + 8, binAt + 8 + view.getUint32(binAt, true)) : undefined;
      return isObject(json) ? { json, bin, container: 'glb' } : undefined;
    }
    const json = JSON.parse(utf8(bytes));
    if (!isObject(json)) return undefined;
    const uri = json.buffers?.[0]?.uri;
    const bin = typeof uri === 'string' && DATA_URI.test(uri) ? new Uint8Array(Buffer.from(uri.replace(DATA_URI, ''), 'base64')) : undefined;
    return { json, bin, container: 'gltf' };
  } catch {
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, any> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The document as a file of `container` (its own by default). `json` may hold numbers JSON
 * cannot (±Infinity, NaN): they are written as 1e400, -1e400 and the bare word NaN (a SYNTAX
 * error), as a hostile file would.
 */
export function writeGltfDocument(doc: GltfDocument, container = doc.container): Uint8Array {
  const json = structuredClone(doc.json);
  if (doc.bin && json.buffers?.[0]) {
    json.buffers[0].byteLength = doc.bin.length;
    if (container === 'glb') delete json.buffers[0].uri;
    else json.buffers[0].uri = `data:application/octet-stream;base64,${Buffer.from(doc.bin).toString('base64')}`;
  }
  const text = JSON.stringify(json, (_, v) => (typeof v === 'number' && !Number.isFinite(v) ? `@@${v}@@` : v)).replace(/"@@(-?Infinity|NaN)@@"/g, (_, v: string) => (v === 'NaN' ? 'NaN' : v.startsWith('-') ? '-1e400' : '1e400'));
  if (container === 'gltf') return encodeUtf8(text);
  const jsonBytes = encodeUtf8(text);
  const jsonPadded = (jsonBytes.length + 3) & ~3;
  const binPadded = doc.bin ? (doc.bin.length + 3) & ~3 : 0;
  const total = 12 + 8 + jsonPadded + (doc.bin ? 8 + binPadded : 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, GLB_MAGIC, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonPadded, true);
  view.setUint32(16, JSON_CHUNK, true);
  out.fill(0x20, 20, 20 + jsonPadded);
  out.set(jsonBytes, 20);
  if (doc.bin) {
    const at = 20 + jsonPadded;
    view.setUint32(at, binPadded, true);
    view.setUint32(at + 4, BIN_CHUNK, true);
    out.set(doc.bin, at + 8);
  }
  return out;
}

/** Appends `bytes` to the document's buffer (4-aligned) with a bufferView and accessor; returns the accessor's index. */
export function appendAccessor(doc: GltfDocument, values: Float32Array, type: string): number {
  const old = doc.bin ?? new Uint8Array(0);
  const at = (old.length + 3) & ~3;
  const bin = new Uint8Array(at + values.byteLength);
  bin.set(old);
  bin.set(new Uint8Array(values.buffer, values.byteOffset, values.byteLength), at);
  doc.bin = bin;
  const json = doc.json;
  json.buffers ??= [];
  if (!json.buffers[0]) json.buffers[0] = { byteLength: bin.length };
  json.bufferViews ??= [];
  json.bufferViews.push({ buffer: 0, byteOffset: at, byteLength: values.byteLength });
  json.accessors ??= [];
  const components = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT4: 16 }[type] ?? 1;
  json.accessors.push({ bufferView: json.bufferViews.length - 1, componentType: 5126, count: values.length / components, type });
  return json.accessors.length - 1;
}
