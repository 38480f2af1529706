// glTF files from a gltf-transform Document, synchronously. Internal, as asset-to-document.ts is:
// its signatures carry gltf-transform types, which the published .d.ts must not (not a dependency).
import { Document, Extension, Format, GLB_BUFFER, Logger, PropertyType, VertexLayout, WebIO, type Accessor, type JSONDocument, type ReaderContext, type WriterContext } from '@gltf-transform/core';
import type { EncodedFile } from '../format.js';
import type { Material } from '../../model/asset.js';
import { GLB_CHUNK, GLB_HEADER_BYTES, GLB_MAGIC, GLB_VERSION } from './glb-container.js';
import { writeMaterialTextures, type TextureMode } from './texture-images.js';

/** The Asset's textured materials, written into the JSON after gltf-transform's serialisation (texture-images.ts). */
export interface TextureWrite {
  materials: readonly Material[];
  mode: TextureMode;
  warn: (message: string) => void;
}

const CAPTURE = 'MESHCODEC_capture';

/** glTF's bufferView.target for vertex attributes. */
const ARRAY_BUFFER_TARGET = 34962;

/**
 * gltf-transform's serialisation (its internal GLTFWriter) is synchronous, but its public entry
 * points (`writeJSON`, `writeBinary`) are declared async. This extension is called at the very end
 * of that synchronous work with the finished JSON document and its buffers, removes itself from
 * `extensionsUsed`, and keeps the result, so that `encodeSync` stays synchronous.
 * test/gltf-write.test.ts checks that the result equals gltf-transform's own `writeBinary`.
 *
 * It also makes vertex attributes cost one copy each: gltf-transform writes every vertex
 * attribute through its interleaving loop (element by element, even in the SEPARATE layout: half
 * of a GLB encode), but copies accessors of any other usage whole. Before the buffers are laid
 * out (prewrite), each vertex attribute gets a usage group of its own, so that it is copied into
 * a buffer view of its own; at the end, those views get back the vertex target they would have had.
 * (Attributes whose elements are not a multiple of 4 bytes are left to the interleaving, which pads them.)
 */
class CaptureWrittenJson extends Extension {
  static override EXTENSION_NAME = CAPTURE;
  override readonly extensionName = CAPTURE;
  override readonly prewriteTypes = [PropertyType.ACCESSOR];
  captured: JSONDocument | undefined;
  private readonly vertexAccessors: Accessor[] = [];

  override read(_context: ReaderContext): this {
    return this;
  }

  override prewrite(context: WriterContext): this {
    for (const accessor of this.document.getRoot().listAccessors()) {
      // Elements of vertex attributes must sit at multiples of 4 bytes: others are left to the interleaving, which pads them.
      if (context.getAccessorUsage(accessor) !== 'ARRAY_BUFFER' || (accessor.getElementSize() * accessor.getComponentSize()) % 4 !== 0) continue;
      context.addAccessorToUsageGroup(accessor, `${CAPTURE}:${this.vertexAccessors.length}`);
      this.vertexAccessors.push(accessor);
    }
    return this;
  }

  override write(context: WriterContext): this {
    const json = context.jsonDoc.json;
    json.extensionsUsed = (json.extensionsUsed ?? []).filter((name) => name !== CAPTURE);
    json.extensionsRequired = (json.extensionsRequired ?? []).filter((name) => name !== CAPTURE);
    // A scene's `nodes` may not be empty: an Asset without meshes or joints has a scene without it.
    for (const scene of (json.scenes ?? []) as { nodes?: number[] }[]) if (scene.nodes?.length === 0) delete scene.nodes;
    for (const accessor of this.vertexAccessors) {
      const view = json.accessors?.[context.accessorIndexMap.get(accessor)!]?.bufferView;
      if (view !== undefined) json.bufferViews![view]!.target = ARRAY_BUFFER_TARGET;
    }
    this.captured = context.jsonDoc;
    return this;
  }
}

const silent = new Logger(Logger.Verbosity.SILENT);

/**
 * The JSON document and its resources (buffers by URI), written synchronously. Each attribute gets
 * its own buffer view (gltf-transform's SEPARATE layout): interleaving costs a pass per vertex and
 * buys nothing for files that are converted rather than rendered.
 */
export function documentToJson(document: Document, format: 'GLB' | 'GLTF', basename = 'scene', textures?: TextureWrite): JSONDocument {
  const capture = document.createExtension(CaptureWrittenJson);
  let written: JSONDocument;
  try {
    const io = new WebIO().setLogger(silent).setVertexLayout(VertexLayout.SEPARATE).registerExtensions([CaptureWrittenJson]);
    io.writeJSON(document, { format: format === 'GLB' ? Format.GLB : Format.GLTF, basename }).catch(() => undefined);
    if (!capture.captured) throw new Error('gltf-transform did not finish writing the document');
    written = capture.captured;
  } finally {
    capture.dispose();
  }
  if (textures && textures.materials.length) {
    const appender = bufferAppender(written, format === 'GLB' ? GLB_BUFFER : `${basename}.bin`);
    writeMaterialTextures(written.json as unknown as Parameters<typeof writeMaterialTextures>[0], appender.add, textures.materials, textures.mode, textures.warn);
    appender.finish();
  }
  return written;
}

/**
 * Appends byte ranges to the document's first buffer (made when there is none, as `resource`),
 * each as a bufferView at a multiple of 4 bytes; `finish` joins them into the buffer once.
 */
function bufferAppender(document: JSONDocument, resource: string): { add: (bytes: Uint8Array) => number; finish: () => void } {
  const json = document.json;
  const buffers = (json.buffers ??= []);
  if (!buffers.length) buffers.push({ byteLength: 0, ...(resource === GLB_BUFFER ? {} : { uri: resource }) });
  const key = buffers[0]!.uri ?? GLB_BUFFER;
  const existing = document.resources[key] ?? new Uint8Array(0);
  const pieces: { at: number; bytes: Uint8Array }[] = [];
  let length = existing.length;
  return {
    add: (bytes) => {
      const at = align4(length);
      pieces.push({ at, bytes });
      length = at + bytes.length;
      return (json.bufferViews ??= []).push({ buffer: 0, byteOffset: at, byteLength: bytes.length }) - 1;
    },
    finish: () => {
      if (!pieces.length) return;
      const joined = new Uint8Array(length);
      joined.set(existing);
      for (const piece of pieces) joined.set(piece.bytes, piece.at);
      document.resources[key] = joined;
      buffers[0]!.byteLength = length;
    },
  };
}

/** A .glb file: the 12-byte header, the JSON chunk (space-padded), the BIN chunk (zero-padded). */
export function documentToGlb(document: Document, textures?: TextureWrite): Uint8Array {
  const { json, resources } = documentToJson(document, 'GLB', undefined, textures);
  const text = new TextEncoder().encode(JSON.stringify(json));
  const jsonLength = align4(text.length);
  const bin = resources[GLB_BUFFER];
  const binLength = bin ? align4(bin.length) : 0;
  const total = GLB_HEADER_BYTES + 8 + jsonLength + (bin ? 8 + binLength : 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, GLB_MAGIC, true);
  view.setUint32(4, GLB_VERSION, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, GLB_CHUNK.json, true);
  out.set(text, 20);
  out.fill(0x20, 20 + text.length, 20 + jsonLength);
  if (bin) {
    const at = 20 + jsonLength;
    view.setUint32(at, binLength, true);
    view.setUint32(at + 4, GLB_CHUNK.bin, true);
    out.set(bin, at + 8);
  }
  return out;
}

/** A .gltf file with its buffers in external files named after `baseName` (without its extension). */
export function documentToGltfFiles(document: Document, baseName: string, textures?: TextureWrite): EncodedFile[] {
  const stem = baseName.replace(/\.gltf$/i, '');
  const { json, resources } = documentToJson(document, 'GLTF', stem.split('/').pop()!, textures);
  const main: EncodedFile = { name: `${stem}.gltf`, bytes: new TextEncoder().encode(JSON.stringify(json, null, 1)) };
  return [main, ...Object.entries(resources).map(([uri, bytes]) => ({ name: siblingName(stem, uri), bytes }))];
}

/** A single .gltf file, its buffers embedded as base64 data: URIs. */
export function documentToEmbeddedGltf(document: Document, textures?: TextureWrite): Uint8Array {
  const { json, resources } = documentToJson(document, 'GLTF', undefined, textures);
  for (const buffer of json.buffers ?? []) {
    const bytes = buffer.uri !== undefined ? resources[buffer.uri] : undefined;
    if (bytes) buffer.uri = `data:application/octet-stream;base64,${toBase64(bytes)}`;
  }
  return new TextEncoder().encode(JSON.stringify(json, null, 1));
}

function siblingName(stem: string, uri: string): string {
  const slash = stem.lastIndexOf('/');
  return slash < 0 ? uri : `${stem.slice(0, slash + 1)}${uri}`;
}

function align4(n: number): number {
  return (n + 3) & ~3;
}

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}
