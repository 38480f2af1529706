// One decode job, as a pool worker runs it: read the bytes (and companions), parse with the
// worker's kernels, optionally encode to another format, and list what to transfer back.
import type { EncodedFile, FormatHandler, ReadOptions } from '../formats/format.js';
import { initMeshopt, mayNeedMeshoptDecoder } from '../formats/gltf/meshopt-module.js';
import { detectFormat, formatByName } from '../formats/registry.js';
import { createKernelsSync } from '../kernels/backend.js';
import type { Kernels } from '../kernels/kernels.js';
import { errorToData, transferablesOf, type DecodeRequest, type DecodeResponse, type PoolBytes } from './pool-messages.js';

/** A worker's kernels, one per backend asked for, created on first use. */
const kernelsByBackend = new Map<string, Kernels>();

function kernelsFor(backend: DecodeRequest['backend']): Kernels {
  let kernels = kernelsByBackend.get(backend);
  if (!kernels) {
    kernels = createKernelsSync(backend);
    kernelsByBackend.set(backend, kernels);
  }
  return kernels;
}

async function toUint8(bytes: PoolBytes): Promise<Uint8Array> {
  if (bytes instanceof Uint8Array) return bytes;
  if (bytes instanceof ArrayBuffer) return new Uint8Array(bytes);
  return new Uint8Array(await bytes.arrayBuffer());
}

function lastSegment(name: string): string {
  return name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
}

function sourceHandler(request: DecodeRequest, bytes: Uint8Array): FormatHandler {
  const handler = request.format ? formatByName(request.format) : detectFormat(bytes, request.name);
  if (handler) return handler;
  throw new Error(request.format ? `unknown or unavailable format '${request.format}'` : `${request.name}: not a format meshcodec recognises`);
}

function targetHandler(to: string): FormatHandler {
  const handler = formatByName(to);
  if (!handler) throw new Error(`unknown or unavailable format '${to}'`);
  return handler;
}

/** The input's name with its extension replaced by the target format's first one. */
function outputName(inputName: string, handler: FormatHandler): string {
  const base = lastSegment(inputName);
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base) + (handler.extensions[0] ?? `.${handler.name}`);
}

/** Runs one request. Never throws: a failure is a response with the error as data. */
export async function runDecodeJob(request: DecodeRequest): Promise<{ response: DecodeResponse; transfer: ArrayBuffer[] }> {
  try {
    const bytes = await toUint8(request.bytes);
    const companions = new Map<string, Uint8Array>();
    let byteLength = bytes.byteLength;
    for (const companion of request.companions) {
      const companionBytes = await toUint8(companion.bytes);
      companions.set(lastSegment(companion.name), companionBytes);
      byteLength += companionBytes.byteLength;
    }
    const kernels = kernelsFor(request.backend);
    const options: ReadOptions = { kernels, fileName: request.name, resolve: (relativeName) => companions.get(lastSegment(relativeName)) };
    if (request.frameRate !== undefined) options.frameRate = request.frameRate;

    const source = sourceHandler(request, bytes);
    if ((source.name === 'gltf' || source.name === 'glb') && mayNeedMeshoptDecoder(bytes)) await initMeshopt();
    const started = performance.now();
    const asset = source.parseSync(bytes, options);
    const base = { id: request.id, ok: true as const, format: source.name, backend: kernels.backend, byteLength };
    if (request.to === undefined) {
      const response = { ...base, decodeMs: performance.now() - started, asset };
      return { response, transfer: transferablesOf(asset) };
    }
    const target = targetHandler(request.to);
    const files: EncodedFile[] = target.encodeFiles
      ? target.encodeFiles(asset, outputName(request.name, target), { kernels })
      : [{ name: outputName(request.name, target), bytes: target.encodeSync(asset, { kernels }) }];
    const response = { ...base, decodeMs: performance.now() - started, to: target.name, files, warnings: asset.warnings };
    return { response, transfer: transferablesOf(files) };
  } catch (error) {
    return { response: { id: request.id, ok: false, error: errorToData(error) }, transfer: [] };
  }
}
