/**
 * Reading an EXT_meshopt_compression bufferView: its extension names compressed bytes in some
 * buffer; meshoptimizer's decoder (meshopt-module.ts) turns them into `count` × `byteStride`
 * bytes, which stand for the view's own bytes (in a fallback buffer that may hold no data).
 *
 * Checked before anything is decoded: the extension's fields and the rules of its mode and
 * filter (meshopt-rules.ts), the compressed range inside its buffer, the view's byteLength and
 * byteStride against the decoded size, and the decoded size against the read's memory budget
 * (a 20-byte extension can promise gigabytes). A decoder failure (malformed or truncated
 * stream) becomes a MeshFormatError naming the view and the compressed bytes' offset.
 */
import { fail, isObject, show, type GltfInput } from './read-gltf.js';
import type { ExpansionBudget } from './expansion-budget.js';
import { meshoptDecoder } from './meshopt-module.js';
import { EXT_MESHOPT_COMPRESSION, MESHOPT_FILTERS, MESHOPT_MODES, meshoptViewProblem, type MeshoptFilter, type MeshoptMode } from './meshopt-rules.js';

/** The view's `extensions.EXT_meshopt_compression`, or undefined when it has none. */
export function meshoptExtensionOf(view: Record<string, unknown>): unknown {
  return isObject(view.extensions) ? view.extensions[EXT_MESHOPT_COMPRESSION] : undefined;
}

/**
 * The decoded bytes of compressed bufferView `index` (its definition `view`, its extension
 * `extension`), charged to `budget` before they are allocated.
 */
export function decodeMeshoptView(input: GltfInput, index: number, view: Record<string, unknown>, extension: unknown, budget: ExpansionBudget, label: string): Uint8Array {
  const at = input.jsonOffset;
  const name = `bufferViews[${index}].extensions.${EXT_MESHOPT_COMPRESSION}`;
  if (!isObject(extension)) fail('BAD_VALUE', `${label}: ${name} is not an object`, at);
  const { buffer, byteOffset = 0, byteLength, byteStride, count, mode, filter = 'NONE' } = extension;
  const integer = (value: unknown, field: string, min: number): number => {
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) fail('BAD_VALUE', `${label}: ${name}.${field} ${show(value)} is not an integer ≥ ${min}`, at);
    return value;
  };
  const source = integer(buffer, 'buffer', 0);
  if (source >= input.buffers.length) fail('BAD_INDEX', `${label}: ${name}.buffer ${source} does not exist (${input.buffers.length} buffers)`, at);
  if (input.dataless?.[source]) fail('BAD_VALUE', `${label}: ${name}.buffer ${source} is a fallback buffer with no data`, at);
  const offset = integer(byteOffset, 'byteOffset', 0);
  const length = integer(byteLength, 'byteLength', 1);
  const stride = integer(byteStride, 'byteStride', 1);
  const elements = integer(count, 'count', 0);
  if (!MESHOPT_MODES.includes(mode as MeshoptMode)) fail('BAD_VALUE', `${label}: ${name}.mode ${show(mode)} is not one of ${MESHOPT_MODES.join(', ')}`, at);
  if (!MESHOPT_FILTERS.includes(filter as MeshoptFilter)) fail('BAD_VALUE', `${label}: ${name}.filter ${show(filter)} is not one of ${MESHOPT_FILTERS.join(', ')}`, at);
  const problem = meshoptViewProblem(mode as MeshoptMode, filter as MeshoptFilter, stride, elements);
  if (problem) fail('BAD_VALUE', `${label}: ${name}: ${problem}`, at);
  if (view.byteStride !== undefined && view.byteStride !== stride) fail('BAD_VALUE', `${label}: bufferViews[${index}].byteStride ${show(view.byteStride)} differs from the extension's byteStride ${stride}`, at);
  const decodedBytes = elements * stride;
  if (view.byteLength !== decodedBytes) fail('BAD_VALUE', `${label}: bufferViews[${index}].byteLength ${show(view.byteLength)} is not the extension's count × byteStride = ${decodedBytes}`, at);
  const data = input.buffers[source]!;
  const base = input.bufferOffsets[source];
  const where = base === undefined ? at : base + Math.min(offset, data.length);
  if (offset + length > data.length) fail('BAD_OFFSET', `${label}: ${name} covers bytes ${offset}..${offset + length} of the ${data.length}-byte buffer ${source}`, where);
  budget.charge(decodedBytes, `${label}: ${name}`);
  const decoder = meshoptDecoder('gltf', where, `${label}: bufferViews[${index}]`);
  const target = new Uint8Array(decodedBytes);
  try {
    decoder.decodeGltfBuffer(target, elements, stride, data.subarray(offset, offset + length), mode as string, filter === 'NONE' ? undefined : (filter as string));
  } catch (e) {
    fail('BAD_VALUE', `${label}: bufferViews[${index}]: the ${length} compressed bytes do not decode as ${mode} ${filter} data (${(e as Error).message})`, where);
  }
  return target;
}
