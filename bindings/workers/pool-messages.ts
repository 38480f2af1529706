// What the decode pool and its workers send each other, and the conversions on either side:
// errors travel as plain data (a MeshFormatError is rebuilt on the main thread), results travel
// with every ArrayBuffer they hold in the transfer list.
import { MeshFormatError, type MeshFormatErrorCode } from '../io/errors.js';
import type { EncodedFile } from '../formats/format.js';
import type { BackendChoice } from '../kernels/backend.js';
import type { BackendName } from '../kernels/kernels.js';
import type { Asset } from '../model/asset.js';
import { isHandedOverMemory } from '../kernels/wasm-arena.js';

/** File contents as a pool accepts them: a Blob (a browser File) is read in the worker. */
export type PoolBytes = Blob | ArrayBuffer | Uint8Array;

/** A file that belongs with the one decoded (a Transport Fever `.msh.blob`), by its file name. */
export interface CompanionFile {
  name: string;
  bytes: PoolBytes;
}

export interface DecodeRequest {
  id: number;
  name: string;
  bytes: PoolBytes;
  companions: CompanionFile[];
  /** Source format name; absent: detect from the bytes and the name. */
  format?: string;
  /** Target format name; absent: the result is the Asset. */
  to?: string;
  backend: BackendChoice;
  frameRate?: number;
}

/** MeshFormatError (or any other Error) as structured-clone data. */
export interface ErrorData {
  name: string;
  message: string;
  code?: MeshFormatErrorCode;
  format?: string;
  offset?: number;
  line?: number;
  column?: number;
  detail?: string;
}

interface ResultBase {
  id: number;
  ok: true;
  /** Format the file was read as. */
  format: string;
  backend: BackendName;
  /** Milliseconds the worker spent reading (and encoding), not counting transfer. */
  decodeMs: number;
  /** Bytes read: the file and its companions. */
  byteLength: number;
}

export interface AssetResponse extends ResultBase {
  asset: Asset;
}

export interface EncodedResponse extends ResultBase {
  to: string;
  files: EncodedFile[];
  warnings: string[];
}

export interface FailureResponse {
  id: number;
  ok: false;
  error: ErrorData;
}

export type DecodeResponse = AssetResponse | EncodedResponse | FailureResponse;

export function errorToData(error: unknown): ErrorData {
  if (error instanceof MeshFormatError) {
    const data: ErrorData = { name: error.name, message: error.message, code: error.code, format: error.format, detail: error.detail };
    if (error.offset !== undefined) data.offset = error.offset;
    if (error.line !== undefined) data.line = error.line;
    if (error.column !== undefined) data.column = error.column;
    return data;
  }
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

/** A MeshFormatError again when the data came from one; otherwise an Error with the same message. */
export function errorFromData(data: ErrorData): Error {
  if (data.code !== undefined && data.format !== undefined) {
    const init = { code: data.code, format: data.format, offset: data.offset, line: data.line, column: data.column };
    return new MeshFormatError(init, data.detail ?? data.message);
  }
  const error = new Error(data.message);
  if (data.name && data.name !== 'Error') error.name = data.name;
  return error;
}

/**
 * Every distinct ArrayBuffer under `value` (typed arrays in plain objects and arrays), for a
 * postMessage transfer list. SharedArrayBuffers are left out (they are shared, not moved), and
 * so are WebAssembly memories an Asset was handed (a browser cannot detach them: they are copied).
 */
export function transferablesOf(value: unknown, found = new Set<ArrayBuffer>()): ArrayBuffer[] {
  if (ArrayBuffer.isView(value)) {
    if (value.buffer instanceof ArrayBuffer && !isHandedOverMemory(value.buffer)) found.add(value.buffer);
  } else if (value instanceof ArrayBuffer) {
    found.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) transferablesOf(item, found);
  } else if (value !== null && typeof value === 'object' && !(value instanceof Blob)) {
    for (const item of Object.values(value)) transferablesOf(item, found);
  }
  return [...found];
}

/**
 * Input bytes ready to post: a Uint8Array that covers its whole ArrayBuffer (or an ArrayBuffer)
 * is moved, its buffer listed in `transfer`; a view into a larger buffer (a Node Buffer from the
 * pool, a slice of a bigger file) is copied to a buffer of its own, so nothing else is detached.
 */
export function postableBytes(bytes: PoolBytes, transfer: ArrayBuffer[]): PoolBytes {
  if (bytes instanceof ArrayBuffer) {
    transfer.push(bytes);
    return bytes;
  }
  if (bytes instanceof Uint8Array) {
    if (bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) {
      transfer.push(bytes.buffer);
      return bytes;
    }
    // Not bytes.slice(): on a Node Buffer that is a view of the same memory.
    const copy = new Uint8Array(bytes.byteLength);
    copy.set(bytes);
    transfer.push(copy.buffer);
    return copy;
  }
  return bytes;
}
