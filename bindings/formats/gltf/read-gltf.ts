import { MeshFormatError, type MeshFormatErrorCode } from '../../io/errors.js';
import type { SiblingResolver } from '../format.js';
import { getKernels } from '../../kernels/backend.js';
import type { Kernels } from '../../kernels/kernels.js';
import { decodeBase64 } from './base64.js';
import { GLB_CHUNK, GLB_HEADER_BYTES, GLB_MAGIC, GLB_VERSION, isGlb } from './glb-container.js';
import { decodeJsonText, parseJsonText, type CutUri } from './json-text.js';

export const GLTF_FORMAT = 'gltf';

/** A parsed glTF: its JSON (unchecked beyond being an object) and every buffer's bytes. */
export interface GltfInput {
  json: Record<string, unknown>;
  /** Bytes of each entry of `json.buffers`, in order. */
  buffers: Uint8Array[];
  /** Where each buffer starts in the input file (the GLB's BIN chunk), for error offsets; undefined for other files. */
  bufferOffsets: (number | undefined)[];
  /**
   * True for an EXT_meshopt_compression fallback buffer that has no data (no uri): its entry in
   * `buffers` is empty and only compressed bufferViews may name it (meshopt-decode.ts).
   */
  dataless?: boolean[];
  /** Byte offset of the JSON text in the input (20 in a GLB, 0 in a .gltf). */
  jsonOffset: number;
  /** Total input bytes (the input and every resolved buffer), which bounds what the reader may allocate. */
  inputBytes: number;
}

export function fail(code: MeshFormatErrorCode, detail: string, offset?: number): never {
  throw new MeshFormatError(offset === undefined ? { code, format: GLTF_FORMAT } : { code, format: GLTF_FORMAT, offset }, detail);
}

/**
 * Splits a .glb or .gltf file into its JSON and buffers. Buffers come from the GLB's BIN chunk,
 * from `data:` URIs, or through `resolve` (relative names only: no scheme, no absolute path,
 * no `..`); this function never touches a file system. `kernels` decode base64 (default: getKernels()).
 */
export function readGltfInput(bytes: Uint8Array, resolve?: SiblingResolver, kernels: Kernels = getKernels()): GltfInput {
  const cut: CutRead = { buffers: false };
  // A second read (the whole text's) asks for the same external buffers: each answered once.
  const once = resolve === undefined ? undefined : resolvedOnce(resolve);
  try {
    const read = readInput(bytes, once, kernels, cut);
    if (read !== undefined) return read;
  } catch (e) {
    // A buffer's cut payload is known to be the whole text's only once it decodes: an error met
    // before then (its byteLength, an earlier buffer, asset.version) may be one the whole text's
    // parse never reaches (a payload with a raw control character or a bad escape is a SYNTAX
    // error there), so the whole text decides (the same error again where it parses).
    if (!cut.buffers) throw e;
  }
  return readInput(bytes, once, kernels, undefined)!;
}

/**
 * `resolve`, each buffer's file asked for once per readGltfInput: the read with payloads cut out
 * and the whole text's read after it ask for the same ones (keyed by buffer and name, so a name
 * two buffers share is still asked for by each, as a single read does).
 */
function resolvedOnce(resolve: SiblingResolver): (name: string, buffer: number) => Uint8Array | undefined {
  // Each answer, or what the resolver threw (thrown again, not asked again).
  const answers = new Map<string, { data: Uint8Array | undefined } | { error: unknown }>();
  return (name, buffer) => {
    const key = `${buffer}/${name}`;
    let answer = answers.get(key);
    if (answer === undefined) {
      try {
        answer = { data: resolve(name) };
      } catch (error) {
        answer = { error };
      }
      answers.set(key, answer);
    }
    if ('error' in answer) throw answer.error;
    return answer.data;
  };
}

/** A SiblingResolver asked on behalf of buffer `buffer` (resolvedOnce). */
type BufferResolver = (name: string, buffer: number) => Uint8Array | undefined;

/** A read with the JSON's payloads cut out (json-text.ts): whether a buffer's payload was. */
interface CutRead {
  buffers: boolean;
}

/**
 * readGltfInput, with the JSON's long base64 payloads cut out of its parse when `cut` is given
 * (json-text.ts; `cut.buffers` then says whether a buffer's was); undefined when a cut payload
 * does not decode, for the read to start again with the whole text parsed (whose outcome, an
 * error or another reading, then decides).
 */
function readInput(bytes: Uint8Array, resolve: BufferResolver | undefined, kernels: Kernels, cut: CutRead | undefined): GltfInput | undefined {
  let jsonBytes: Uint8Array;
  let jsonOffset = 0;
  let bin: Uint8Array | undefined;
  let binOffset: number | undefined;
  if (isGlb(bytes)) {
    if (bytes.length < GLB_HEADER_BYTES + 8) fail('TRUNCATED', `a GLB needs at least ${GLB_HEADER_BYTES + 8} bytes, the file has ${bytes.length}`, bytes.length);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (view.getUint32(0, true) !== GLB_MAGIC) fail('BAD_MAGIC', 'not a GLB', 0);
    const version = view.getUint32(4, true);
    if (version !== GLB_VERSION) fail('UNSUPPORTED_VERSION', `GLB version ${version} (meshcodec reads glTF 2.0)`, 4);
    const length = view.getUint32(8, true);
    if (length > bytes.length) fail('TRUNCATED', `the header promises ${length} bytes, the file has ${bytes.length}`, 8);
    if (length < bytes.length) fail('TRAILING_DATA', `${bytes.length - length} bytes after the ${length} the header declares`, length);
    let at = GLB_HEADER_BYTES;
    while (at < length) {
      if (at + 8 > length) fail('TRUNCATED', 'a chunk header runs past the end of the file', at);
      const chunkLength = view.getUint32(at, true);
      const type = view.getUint32(at + 4, true);
      if (chunkLength > length - at - 8) fail('BAD_COUNT', `chunk of ${chunkLength} bytes, only ${length - at - 8} are left`, at);
      const data = bytes.subarray(at + 8, at + 8 + chunkLength);
      if (at === GLB_HEADER_BYTES) {
        if (type !== GLB_CHUNK.json) fail('BAD_VALUE', 'the first chunk is not JSON', at + 4);
        jsonBytes = data;
        jsonOffset = at + 8;
      } else if (type === GLB_CHUNK.bin) {
        if (bin) fail('BAD_VALUE', 'a second BIN chunk', at + 4);
        bin = data;
        binOffset = at + 8;
      }
      at += 8 + chunkLength;
    }
    jsonBytes ??= fail('TRUNCATED', 'no JSON chunk', GLB_HEADER_BYTES);
  } else {
    jsonBytes = bytes;
  }
  const { json, cuts } = parseJson(jsonBytes, jsonOffset, cut);
  const buffers: Uint8Array[] = [];
  const bufferOffsets: (number | undefined)[] = [];
  const dataless: boolean[] = [];
  let inputBytes = bytes.length;
  const bufferDefs = json.buffers;
  if (bufferDefs !== undefined && !Array.isArray(bufferDefs)) fail('BAD_VALUE', 'buffers is not an array', jsonOffset);
  const defs: unknown[] = bufferDefs ?? [];
  for (let i = 0; i < defs.length; i++) {
    const def = defs[i];
    if (!isObject(def)) fail('BAD_VALUE', `buffers[${i}] is not an object`, jsonOffset);
    const byteLength = def.byteLength;
    if (typeof byteLength !== 'number' || !Number.isSafeInteger(byteLength) || byteLength < 1) fail('BAD_VALUE', `buffers[${i}].byteLength is not a positive integer`, jsonOffset);
    let data: Uint8Array;
    let offset: number | undefined;
    if (def.uri === undefined && isMeshoptFallback(def) && !(i === 0 && bin)) {
      // Stands for the decoded bytes of compressed views: nothing to read, nothing allocated.
      buffers.push(new Uint8Array(0));
      bufferOffsets.push(undefined);
      dataless.push(true);
      continue;
    }
    if (def.uri === undefined) {
      if (i !== 0 || !bin) fail('BAD_VALUE', `buffers[${i}] has no uri and is not the GLB's BIN chunk`, jsonOffset);
      data = bin;
      offset = binOffset;
    } else {
      if (typeof def.uri !== 'string') fail('BAD_VALUE', `buffers[${i}].uri is not a string`, jsonOffset);
      // A uri the JSON parse put back together (json-text.ts) is read by its parts: the whole one
      // would be copied first. Its payload must decode (else the whole text decides: see readInput).
      const parts = cuts[i];
      if (parts !== undefined) {
        const decoded = decodeCutDataUri(kernels, parts.prefix, parts.payload);
        if (decoded === undefined) return undefined;
        data = decoded;
      } else {
        data = def.uri.startsWith('data:') ? decodeDataUri(kernels, def.uri, i, jsonOffset) : resolveUri(def.uri, i, resolve, jsonOffset);
        if (!def.uri.startsWith('data:')) inputBytes += data.length;
      }
    }
    if (data.length < byteLength) fail('TRUNCATED', `buffers[${i}] declares ${byteLength} bytes but holds ${data.length}`, offset ?? jsonOffset);
    buffers.push(data.subarray(0, byteLength));
    bufferOffsets.push(offset);
    dataless.push(false);
  }
  return { json, buffers, bufferOffsets, dataless, jsonOffset, inputBytes };
}

/** The JSON object (json-text.ts decodes and parses it) and, per buffer, its data: URI's parts where the parse cut its base64 out. */
function parseJson(bytes: Uint8Array, offset: number, cut: CutRead | undefined): { json: Record<string, unknown>; cuts: (CutUri | undefined)[] } {
  let text: string;
  try {
    text = decodeJsonText(bytes);
  } catch {
    return fail('SYNTAX', 'the JSON is not valid UTF-8', offset);
  }
  let json: unknown;
  let cuts: (CutUri | undefined)[];
  try {
    ({ json, cuts } = parseJsonText(text, cut !== undefined));
    if (cut !== undefined) cut.buffers = cuts.length > 0;
  } catch (e) {
    const position = /position (\d+)/.exec(String(e))?.[1];
    return fail('SYNTAX', `the JSON does not parse (${String((e as Error).message)})`, offset + (position ? new TextEncoder().encode(text.slice(0, Number(position))).length : 0));
  }
  if (!isObject(json)) fail('SYNTAX', 'the JSON is not an object', offset);
  const asset = json.asset;
  if (!isObject(asset) || typeof asset.version !== 'string') fail('BAD_VALUE', 'no asset.version', offset);
  if (!/^2\.\d+$/.test(asset.version)) fail('UNSUPPORTED_VERSION', `glTF version ${asset.version} (meshcodec reads 2.x)`, offset);
  return { json, cuts };
}

/** A buffer marked `extensions.EXT_meshopt_compression.fallback: true`. */
function isMeshoptFallback(def: Record<string, unknown>): boolean {
  const extension = isObject(def.extensions) ? def.extensions.EXT_meshopt_compression : undefined;
  return isObject(extension) && extension.fallback === true;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The bytes of a base64 `data:` URI. */
function decodeDataUri(kernels: Kernels, uri: string, buffer: number, offset: number): Uint8Array {
  const comma = uri.indexOf(',');
  if (comma < 0 || !uri.slice(0, comma).endsWith(';base64')) fail('BAD_VALUE', `buffers[${buffer}] has a data: URI that is not base64`, offset);
  return decodeBase64(kernels, uri.slice(comma + 1)) ?? fail('BAD_VALUE', `buffers[${buffer}] has a data: URI with invalid base64`, offset);
}

/**
 * The bytes of the data: URI `prefix` + `payload` (`prefix` ends with `;base64,`: json-text.ts),
 * or undefined for anything decodeDataUri would not read as its payload's base64 (the read then
 * starts again on the whole text, which gives decodeDataUri's answer or the JSON's error).
 */
function decodeCutDataUri(kernels: Kernels, prefix: string, payload: string): Uint8Array | undefined {
  if (!prefix.startsWith('data:') || prefix.indexOf(',') !== prefix.length - 1) return undefined;
  return decodeBase64(kernels, payload);
}

/** An external buffer, only through `resolve` and only by a relative name inside the input's folder. */
function resolveUri(uri: string, buffer: number, resolve: BufferResolver | undefined, offset: number): Uint8Array {
  let name: string;
  try {
    name = decodeURIComponent(uri);
  } catch {
    return fail('BAD_VALUE', `buffers[${buffer}].uri '${uri}' is not a valid URI`, offset);
  }
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(name) || name.startsWith('/') || name.startsWith('\\') || name.includes('\0')) {
    fail('BAD_VALUE', `buffers[${buffer}].uri '${uri}' is not a relative file name (only data: URIs and names inside the input's folder are read)`, offset);
  }
  if (name.split(/[\\/]/).some((part) => part === '..')) fail('BAD_VALUE', `buffers[${buffer}].uri '${uri}' leaves the input's folder`, offset);
  if (!resolve) fail('UNSUPPORTED', `buffers[${buffer}] is the external file '${name}'; pass options.resolve to read it`, offset);
  const data = resolve(name, buffer);
  if (!data) fail('BAD_VALUE', `buffers[${buffer}]: the external file '${name}' was not found`, offset);
  return data;
}

/** A JSON value for a message, short, whatever it is (never calls the value's own methods). */
export function show(value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    text = undefined;
  }
  if (text === undefined) return typeof value;
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
