// glTF files from a built document (gltf-builder.ts): .glb, .gltf with a .bin beside it, or .gltf
// with its buffer embedded as a base64 data: URI. The GLB is allocated once, at its final size,
// and every array is copied into its BIN chunk directly.
//
// Alternatives for the BIN chunk, measured for the speed bar's 0.96 MB GLB (shared 2-core machine,
// load 11, medians of 600 interleaved rounds): each accessor written straight into its place in
// the output (sizes and JSON first, as tf/writer-blob.ts does for TF) would save the copy from the
// writer's scratch (writer-scratch.ts), but filling a fresh 0.96 MB array cost 340 µs and copying
// 0.96 MB into one 352 µs: the output's first touch of its new pages is the cost, not the copy,
// and it is the same whoever writes first. So the arrays are made in the scratch and copied once.
// Outputs not zeroed first (io/uninitialized-bytes.ts, the plain builder writing the 0–3 bytes
// between views itself) measured 0.99–1.02× in one process switching it on and off (the speed
// bar's 0.96 MB GLB and glTF + .bin, with and without MALLOC_TOP_PAD_; round seven), so not taken.
import type { EncodedFile } from '../format.js';
import { align4, GLB_CHUNK, GLB_HEADER_BYTES, GLB_MAGIC, GLB_VERSION } from './glb-container.js';
import type { BuiltGltf, GltfObject } from './gltf-builder.js';
import { base64Length, encodeBase64Into } from './base64.js';

const UTF8 = new TextEncoder();

export const GLTF_OUTPUT_DEFAULTS = {
  /**
   * An embedded .gltf's buffer is joined, up to this many bytes, in memory kept between calls
   * before its base64 is written (it is never handed out); larger buffers get an array of their own.
   */
  embeddedScratchMaxBytes: 4 << 20,
};

/** The embedded .gltf's joined buffer (see GLTF_OUTPUT_DEFAULTS.embeddedScratchMaxBytes). */
let embeddedScratch = new Uint8Array(0);

/**
 * Scratch for the JSON's UTF-8 (at most 3 bytes per UTF-16 unit), kept between calls up to
 * JSON_SCRATCH_BYTES: `TextEncoder.encode` made a new ArrayBuffer per file, whose allocation and
 * later collection cost more than the encoding of a few kB (6–7 % of untitled.apg's optimized
 * encode in a cpu profile); larger JSON is encoded as before.
 */
let jsonScratch = new Uint8Array(0);
const JSON_SCRATCH_BYTES = 1 << 20;

/** `text` as UTF-8: a view of the scratch (valid until the next call) or, for long text, a new array. */
function utf8(text: string): Uint8Array {
  if (text.length * 3 > JSON_SCRATCH_BYTES) return UTF8.encode(text);
  if (jsonScratch.length < text.length * 3) jsonScratch = new Uint8Array(Math.min(JSON_SCRATCH_BYTES, Math.max(16384, text.length * 6)));
  return jsonScratch.subarray(0, UTF8.encodeInto(text, jsonScratch).written);
}

/** A .glb file: the 12-byte header, the JSON chunk (space-padded), the BIN chunk (zero-padded) when there is a buffer. */
export function gltfToGlb(built: BuiltGltf): Uint8Array {
  const text = utf8(JSON.stringify(built.json));
  const jsonLength = align4(text.length);
  const binLength = built.byteLength;
  const total = GLB_HEADER_BYTES + 8 + jsonLength + (binLength > 0 ? 8 + binLength : 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, GLB_MAGIC, true);
  view.setUint32(4, GLB_VERSION, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, GLB_CHUNK.json, true);
  out.set(text, 20);
  out.fill(0x20, 20 + text.length, 20 + jsonLength);
  if (binLength > 0) {
    const at = 20 + jsonLength;
    view.setUint32(at, binLength, true);
    view.setUint32(at + 4, GLB_CHUNK.bin, true);
    built.copyInto(out, at + 8);
  }
  built.release?.();
  return out;
}

/** A .gltf file with its buffer in a .bin file named after `baseName` (without its extension), beside it. */
export function gltfToFiles(built: BuiltGltf, baseName: string): EncodedFile[] {
  const stem = baseName.replace(/\.gltf$/i, '');
  const binName = `${stem.split('/').pop()!}.bin`;
  const json = withBufferUri(built, binName);
  const main: EncodedFile = { name: `${stem}.gltf`, bytes: new TextEncoder().encode(JSON.stringify(json, null, 1)) };
  if (built.byteLength === 0) {
    built.release?.();
    return [main];
  }
  return [main, { name: siblingName(stem, binName), bytes: binOf(built) }];
}

/**
 * A single .gltf file, its buffer embedded as a base64 data: URI. The JSON is written with a
 * marker where the base64 goes (one that occurs once in the text, so it is the URI's), and the
 * base64 is written straight into the output bytes between the text before and after it.
 */
export function gltfToEmbedded(built: BuiltGltf): Uint8Array {
  const encoder = new TextEncoder();
  if (built.byteLength === 0) {
    built.release?.();
    return encoder.encode(JSON.stringify(built.json, null, 1));
  }
  let text = '';
  let at = -1;
  for (let k = 0; at < 0; k++) {
    const marker = `@meshcodec-buffer-${k}@`;
    text = JSON.stringify(withBufferUri(built, `data:application/octet-stream;base64,${marker}`), null, 1);
    at = text.indexOf(marker);
    if (text.indexOf(marker, at + 1) >= 0) at = -1;
    else if (at >= 0) text = text.slice(0, at) + text.slice(at + marker.length);
  }
  const before = encoder.encode(text.slice(0, at));
  const after = encoder.encode(text.slice(at));
  const base64 = base64Length(built.byteLength);
  const out = new Uint8Array(before.length + base64 + after.length);
  out.set(before);
  encodeBase64Into(joinedBin(built), out, before.length);
  out.set(after, before.length + base64);
  return out;
}

/** The buffer's bytes for its base64 only: in the kept scratch when it fits (valid until the next call), else a new array. */
function joinedBin(built: BuiltGltf): Uint8Array {
  const length = built.byteLength;
  if (length > GLTF_OUTPUT_DEFAULTS.embeddedScratchMaxBytes) return binOf(built);
  if (embeddedScratch.length < length) embeddedScratch = new Uint8Array(Math.min(GLTF_OUTPUT_DEFAULTS.embeddedScratchMaxBytes, Math.max(length, embeddedScratch.length * 2)));
  const bin = embeddedScratch.subarray(0, length);
  // The kept bytes hold the last call's: zeroed first (copyInto leaves the gaps between views).
  bin.fill(0);
  built.copyInto(bin, 0);
  built.release?.();
  return bin;
}

/** The JSON with buffer 0 (the one the builder fills) at `uri`; others (a meshopt fallback buffer) as they are. */
function withBufferUri(built: BuiltGltf, uri: string): GltfObject {
  if (built.byteLength === 0) return built.json;
  const [first, ...others] = built.json.buffers as GltfObject[];
  return { ...built.json, buffers: [{ uri, ...first }, ...others] };
}

function binOf(built: BuiltGltf): Uint8Array {
  const bin = new Uint8Array(built.byteLength);
  built.copyInto(bin, 0);
  built.release?.();
  return bin;
}

function siblingName(stem: string, uri: string): string {
  const slash = stem.lastIndexOf('/');
  return slash < 0 ? uri : `${stem.slice(0, slash + 1)}${uri}`;
}
