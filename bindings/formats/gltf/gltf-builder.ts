// The glTF JSON and its one binary buffer, built directly (no object graph in between).
//
// Alternatives, measured on GLB encode (bench/glb-encode.bench.ts, one interleaved run on a shared
// 2-core machine, time ÷ allocating and copying the same bytes): the earlier path built a
// gltf-transform Document and serialised it through WebIO, 391× the copy at 74 KB, 783× at
// 0.98 MB, 10.5× at 10 MB, most of it in the Document build, its events and per-element copies;
// gltf-transform's own writeBinary of an already built Document was 14×–330×. Building the JSON
// here and laying the arrays out first (offsets only), then copying each array once into the one
// output allocation, costs one copy of the data plus the JSON: 64× at 74 KB, 49× at 0.98 MB,
// 4.8× at 10 MB (11–27× less time; README § GLB encode). An interleaved layout (one view per mesh
// with a stride) was not taken: it costs a pass per vertex and buys nothing for files that are
// converted rather than rendered.
//
// Shared views (`group`): accessors of one kind go back to back in one bufferView, as gltfpack lays
// them out: an animation path's outputs and the key times always; with compress: 'meshopt' also one
// vertex attribute across meshes and the triangle lists. Measured (bench/glb-breakdown.ts) on mrfixit.iqm: one view per accessor
// made 164 views whose JSON alone was 74.5 kB of the 151 kB file (gltfpack's whole JSON 26 kB), and
// each short stream compresses worse than one long one (meshopt codes in blocks of vertices).
// Vertex attributes go one step further than gltfpack's layout: every vertex group of one element
// stride and filter is a section of one view (normals, then tangents, then UVs… of 4-byte
// elements), so one meshopt call codes them all. Alternatives measured against one view per kind,
// as gltfpack writes (a meshopt call and a stream tail of at least 32 bytes each): `--optimize`
// output 0–1,100 bytes smaller on every corpus file and sample (untitled.apg 4,352 → 3,444,
// mrfixit.iqm 593,448 → 592,348; none larger, at gltfpack's precision too), and the writer
// 1.10× (untitled.apg) to 1.23× (raylib_guy.iqm, coins.apg) faster (bench/optimize-before-after.mts,
// one interleaved run on the shared 2-core machine).

import { MeshFormatError } from '../../io/errors.js';
import { align4 } from './glb-container.js';
import { bytesOf, copyPart } from './copy-parts.js';
import { writerUint8 } from './writer-arena.js';
import { shortenJsonNumbers } from './json-numbers.js';
import { meshoptLayout } from './meshopt-layout.js';
import { EXT_MESHOPT_COMPRESSION, type MeshoptFilter, type MeshoptMode } from './meshopt-rules.js';
import { leaseScratch, type WriterScratch } from './writer-scratch.js';

/** glTF's componentType codes. */
export const COMPONENT_TYPE = { BYTE: 5120, UNSIGNED_BYTE: 5121, SHORT: 5122, UNSIGNED_SHORT: 5123, UNSIGNED_INT: 5125, FLOAT: 5126 } as const;
/** glTF's bufferView.target codes. */
export const BUFFER_TARGET = { ARRAY_BUFFER: 34962, ELEMENT_ARRAY_BUFFER: 34963 } as const;

export type AccessorType = 'SCALAR' | 'VEC2' | 'VEC3' | 'VEC4' | 'MAT4';
export type ComponentArray = Float32Array | Int8Array | Uint8Array | Int16Array | Uint16Array | Uint32Array;
/** A JSON object of the glTF document (meshes, nodes, materials…), as written. */
export type GltfObject = Record<string, unknown>;

const COMPONENTS: Record<AccessorType, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT4: 16 };

function componentTypeOf(array: ComponentArray): number {
  if (array instanceof Float32Array) return COMPONENT_TYPE.FLOAT;
  if (array instanceof Uint8Array) return COMPONENT_TYPE.UNSIGNED_BYTE;
  if (array instanceof Int8Array) return COMPONENT_TYPE.BYTE;
  if (array instanceof Uint16Array) return COMPONENT_TYPE.UNSIGNED_SHORT;
  if (array instanceof Int16Array) return COMPONENT_TYPE.SHORT;
  return COMPONENT_TYPE.UNSIGNED_INT;
}

/** How a buffer view may be compressed with EXT_meshopt_compression (none: stored as it is, as images are). */
export interface ViewCompression {
  mode: MeshoptMode;
  byteStride: number;
  count: number;
  /** The filter the stored bytes were made for (they are the filter's output, not the accessor's values). */
  filter?: MeshoptFilter;
}

export interface AccessorOptions {
  /** The bufferView's target: vertex attributes and indices (others, as animation data, have none). */
  target?: number;
  normalized?: boolean;
  /** Write min and max (glTF requires them for POSITION and animation inputs). */
  bounds?: boolean;
  /** With `bounds`: the min and max already known (a pass that wrote the array found them), not found again. */
  minMax?: { min: number[]; max: number[] };
  /**
   * Bytes from one element to the next when elements are padded (a vertex attribute's elements
   * must start at multiples of 4 bytes: int16 VEC3 is laid out 8 bytes apart). `array` then holds
   * the padding too; min/max skip it.
   */
  byteStride?: number;
  /**
   * Accessors of the same `group` (and the same element stride, target and compression) share one
   * bufferView, each at its own accessor byteOffset. Only for compressible views (ATTRIBUTES
   * with 4n-byte elements, whole triangle lists): others get a view of their own.
   */
  group?: string;
  /**
   * Store these bytes instead of `array`'s: `array`'s values through an EXT_meshopt_compression
   * filter (meshopt-encode.ts), which the decoder undoes. Only with `build({ compress: 'meshopt' })`.
   */
  filtered?: { bytes: Uint8Array; filter: MeshoptFilter };
}

/** A shared view and what makes accessors share it: the same group, element stride, target, padding stride and filter. */
interface GroupView {
  group: string;
  stride: number;
  target: number | undefined;
  byteStride: number | undefined;
  filter: MeshoptFilter | undefined;
  view: number;
  /** The view's section of this group (vertex groups of one stride and filter share a view, each group a section of it). */
  section: number;
  /** Its number among the builder's groups (part of the key GltfBuilder.sameAccessors files its accessors under). */
  id: number;
}

/** An accessor of a shared view that a later one with the same values and meaning is. */
interface SameAccessor {
  part: Exclude<ComponentArray, Float32Array>;
  group: GroupView;
  componentType: number;
  type: AccessorType;
  normalized: boolean;
  bounds: boolean;
  /** Its index in `accessors`. */
  index: number;
}

/**
 * A vertex or index accessor of a shared (compressed) view is looked for among the earlier ones of
 * its view and group when its stored values are integers (quantized vertex data, indices, filter
 * bytes) of at most this many bytes: its JSON is then a large share of what it costs, and
 * comparing it a small one. Larger ones are not (their JSON is a small share of their file).
 * Measured (`--optimize`): editor_viewcube.mesh 31 of 130 accessors shared, 23,164 → 20,136 bytes
 * (JSON 21,008 → 18,156), its writer's time unchanged within the noise (0.99–1.07× by the lowest
 * batches of bench/optimize-before-after.mts, four runs at load 12: the JSON saved about pays for
 * the look-ups); 2CylinderEngine.glb 735,292 → 669,992, TextureTransformTest.gltf 30,876 → 28,116;
 * the other outputs unchanged (bench/optimize-hashes.ts: 42 of 1,566 changed, every one a
 * compressed output). Alternatives measured: a hash of every value (0.90×: the hash read mixed
 * array types), every accessor of one element count compared (0.97–0.99×).
 */
const SAME_ACCESSOR_MAX_BYTES = 4096;
/** How many accessors of one key (group, element count, sampled values) are kept to compare with: a bound on the comparisons per accessor. */
const SAME_ACCESSOR_CANDIDATES = 8;

/** One group's bytes in a shared view: its parts back to back. */
interface ViewSection {
  parts: ComponentArray[];
  length: number;
}

/** A buffer view's bytes: one part, or a shared view's sections (laid out one after the other in build()). */
interface ViewParts {
  parts: ComponentArray[];
  length: number;
  compression?: ViewCompression;
  /** A shared vertex view's groups, in the order they were first used; `parts` is then their concatenation, made in build(). */
  sections?: ViewSection[];
  /** Accessors in sections after the first: their byteOffset is their section's start (known in build()) + `offset`. */
  placed?: { accessor: GltfObject; section: number; offset: number }[];
}

/** The document's JSON and where each buffer view's bytes go in the binary buffer. */
export interface BuiltGltf {
  json: GltfObject;
  /** Length of the binary buffer (a multiple of 4), 0 when there is none. */
  byteLength: number;
  /** Copies every buffer view's bytes into `target` at `offset` + the view's byteOffset (the gaps are left as they are: zero in a new array). */
  copyInto(target: Uint8Array, offset: number): void;
  /** Gives the writer's scratch (writer-scratch.ts) back once the bytes were copied: copyInto may not be called after. */
  release?(): void;
}

/**
 * glTF 2.0 JSON and one binary buffer. Arrays are kept by reference until `build()`: the buffer
 * is laid out first (every view at a multiple of 4 bytes), so that the writer allocates its output
 * once and copies each array into it once.
 *
 * The API other writer modules use (textures, compression): `json` holds the top-level arrays
 * (`add(kind, object)` appends and gives the index), `addBufferView(bytes)` stores raw bytes (an
 * image, a compressed stream) and gives the view index, `addAccessor(array, type, options)` a view
 * and an accessor for typed data, `useExtension(name, required)` declares an extension.
 */
export class GltfBuilder {
  readonly json: GltfObject & { asset: GltfObject } = { asset: { version: '2.0', generator: 'meshcodec' } };
  /** Memory for the writer's arrays that live until the output is made (given back by BuiltGltf.release). */
  readonly scratch: WriterScratch = leaseScratch();
  /**
   * Each view's parts (one, or a group's arrays back to back), as the typed arrays they were
   * given (copy-parts.ts says why not byte views of them); laid out in build().
   */
  private readonly views: ViewParts[] = [];
  /**
   * Shared views by group name, then by the rest of their key (stride, target, byteStride,
   * filter) in a short list: a key string joined per accessor was hashed afresh on every call.
   */
  private readonly groups = new Map<string, GroupView[]>();
  /** Shared vertex views (target ARRAY_BUFFER) of every group, by element stride and filter: the view other vertex groups of that stride and filter join as a section. */
  private readonly vertexViews: GroupView[] = [];
  /** Every group made so far (their count numbers the next: GroupView.id). */
  private groupCount = 0;
  /**
   * Small integer accessors of shared views by a key of their group, element count and three of
   * their values (first, middle, last): those a later accessor can be (addAccessor). Three values
   * and not all: most accessors of one group and count differ in them, so a look-up rarely compares
   * more (comparing every candidate of one group and count cost editor_viewcube.mesh's encode what
   * sharing saved it).
   */
  private readonly sameAccessors = new Map<number, SameAccessor[]>();

  /** Appends `object` to the top-level array `kind` ('meshes', 'nodes'…), giving its index. */
  add(kind: string, object: GltfObject): number {
    const list = ((this.json[kind] as GltfObject[] | undefined) ??= []);
    return list.push(object) - 1;
  }

  /** The top-level array `kind` (empty when nothing was added). */
  list(kind: string): GltfObject[] {
    return (this.json[kind] as GltfObject[] | undefined) ?? [];
  }

  useExtension(name: string, required = false): void {
    const used = ((this.json.extensionsUsed as string[] | undefined) ??= []);
    if (!used.includes(name)) used.push(name);
    if (required) {
      const list = ((this.json.extensionsRequired as string[] | undefined) ??= []);
      if (!list.includes(name)) list.push(name);
    }
  }

  /**
   * A buffer view over `bytes` (kept by reference, copied at build), at the next multiple of 4
   * bytes. `compression`: how `build({ compress: 'meshopt' })` may compress it.
   */
  addBufferView(bytes: Uint8Array, extra?: GltfObject, compression?: ViewCompression): number {
    return this.addView(bytes, extra === undefined ? { buffer: 0, byteLength: bytes.length } : { buffer: 0, byteLength: bytes.length, ...extra }, compression);
  }

  /** A view over `part`'s bytes whose JSON object (buffer, byteLength first) the caller made. */
  private addView(part: ComponentArray, json: GltfObject, compression?: ViewCompression): number {
    this.views.push({ parts: [part], length: part.byteLength, compression });
    return this.add('bufferViews', json);
  }

  /** The shared view of `group` with this stride, target, padding stride and filter, if one was made. */
  private groupOf(group: string, stride: number, target: number | undefined, byteStride: number | undefined, filter: MeshoptFilter | undefined): GroupView | undefined {
    const list = this.groups.get(group);
    if (list !== undefined) for (const g of list) if (g.stride === stride && g.target === target && g.byteStride === byteStride && g.filter === filter) return g;
    return undefined;
  }

  /**
   * A new group: a vertex group joins the vertex view of its stride and filter as a new section
   * (its bufferView states that stride whatever the padding: viewJson's sharedStride); any other
   * gets a view of its own, empty until `appendToGroup`.
   */
  private makeGroup(group: string, stride: number, target: number | undefined, byteStride: number | undefined, filter: MeshoptFilter | undefined, mode: MeshoptMode): GroupView {
    let list = this.groups.get(group);
    if (list === undefined) this.groups.set(group, (list = []));
    const vertex = target === BUFFER_TARGET.ARRAY_BUFFER ? this.vertexViewOf(stride, filter) : undefined;
    let made: GroupView;
    if (vertex !== undefined) {
      const view = this.views[vertex.view]!;
      const sections = (view.sections ??= [{ parts: view.parts, length: view.length }]);
      made = { group, stride, target, byteStride, filter, view: vertex.view, section: sections.push({ parts: [], length: 0 }) - 1, id: this.groupCount++ };
    } else {
      const json = viewJson(0, byteStride, target, target === BUFFER_TARGET.ARRAY_BUFFER ? stride : undefined);
      this.views.push({ parts: [], length: 0, compression: filter ? { mode, byteStride: stride, count: 0, filter } : { mode, byteStride: stride, count: 0 } });
      made = { group, stride, target, byteStride, filter, view: this.add('bufferViews', json), section: 0, id: this.groupCount++ };
      if (target === BUFFER_TARGET.ARRAY_BUFFER) this.vertexViews.push(made);
    }
    list.push(made);
    return made;
  }

  /**
   * `part` (`count` elements) appended to group `g`'s view, giving its byteOffset in the view, or
   * in its section when that is not the first (build() adds the section's start).
   */
  private appendToGroup(g: GroupView, part: ComponentArray, count: number): number {
    const view = this.views[g.view]!;
    const section = view.sections?.[g.section];
    const byteOffset = section === undefined ? view.length : section.length;
    if (section === undefined) view.parts.push(part);
    else {
      section.parts.push(part);
      section.length += part.byteLength;
    }
    view.length += part.byteLength;
    view.compression!.count += count;
    (this.list('bufferViews')[g.view] as GltfObject).byteLength = view.length;
    return byteOffset;
  }

  /** The shared vertex view of this element stride and filter, if one was made. */
  private vertexViewOf(stride: number, filter: MeshoptFilter | undefined): GroupView | undefined {
    for (const g of this.vertexViews) if (g.stride === stride && g.filter === filter) return g;
    return undefined;
  }

  /** A buffer view of its own holding `array`, and an accessor of `type` over it; `group` (when given) in place of `options.group`. */
  addAccessor(array: ComponentArray, type: AccessorType, options: AccessorOptions = {}, group = options.group): number {
    const components = COMPONENTS[type];
    const elementBytes = components * array.BYTES_PER_ELEMENT;
    const stride = options.byteStride ?? elementBytes;
    const count = Math.floor(array.byteLength / stride);
    // Triangle indices compress as TRIANGLES (2- or 4-byte only), everything else as ATTRIBUTES (strides of 4n only).
    const mode = options.target === BUFFER_TARGET.ELEMENT_ARRAY_BUFFER ? 'TRIANGLES' : 'ATTRIBUTES';
    const compressible = mode === 'TRIANGLES' ? (stride === 2 || stride === 4) && count % 3 === 0 : stride % 4 === 0 && stride <= 256;
    // The array itself, not a byte view of it: `.buffer` moved a small array's elements out of the
    // JavaScript heap into a buffer of their own (copy-parts.ts).
    const part: ComponentArray = options.filtered?.bytes ?? array;
    const partBytes = part.byteLength;
    const filter = options.filtered?.filter;
    if (filter && !(compressible && mode === 'ATTRIBUTES' && partBytes === array.byteLength)) throw new MeshFormatError({ code: 'BAD_OPTION', format: 'gltf' }, `a ${filter}-filtered accessor must be a compressible vertex or animation array of its own size`);
    // Triangle lists share a view too: each is whole triangles, so none crosses into the next.
    const sharing = group !== undefined && compressible && partBytes === count * stride;
    const componentType = componentTypeOf(array);
    let accessor: GltfObject;
    let sameKey: number | undefined;
    if (sharing) {
      let g = this.groupOf(group, stride, options.target, options.byteStride, filter);
      // A vertex or index accessor whose values, layout and meaning an earlier one of its group has
      // is that accessor (editor_viewcube.mesh: 31 of its 130; 2CylinderEngine.glb's repeated parts).
      // A given min / max is the one its writer found in these very values, so equal values have
      // equal min / max: it does not stop the reuse (the quantized positions pass gives one).
      const integers = options.target !== undefined && partBytes > 0 && partBytes <= SAME_ACCESSOR_MAX_BYTES && !(part instanceof Float32Array);
      if (integers) {
        sameKey = sampledValues(part as Exclude<ComponentArray, Float32Array>, count);
        const known = g === undefined ? undefined : this.sameAccessors.get(sameKey ^ (g.id & 0xffff));
        if (known !== undefined) {
          for (const c of known) if (c.group === g && c.componentType === componentType && c.type === type && c.normalized === (options.normalized === true) && c.bounds === (options.bounds === true) && sameValues(c.part, part as Exclude<ComponentArray, Float32Array>)) return c.index;
        }
      }
      g ??= this.makeGroup(group, stride, options.target, options.byteStride, filter, mode);
      const byteOffset = this.appendToGroup(g, part, count);
      accessor = { bufferView: g.view, componentType, count, type };
      if (g.section > 0) (this.views[g.view]!.placed ??= []).push({ accessor, section: g.section, offset: byteOffset });
      else if (byteOffset > 0) accessor.byteOffset = byteOffset;
      if (sameKey !== undefined) {
        sameKey ^= g.id & 0xffff;
        const list = this.sameAccessors.get(sameKey);
        if (list === undefined || list.length < SAME_ACCESSOR_CANDIDATES) {
          const same: SameAccessor = { part: part as Exclude<ComponentArray, Float32Array>, group: g, componentType, type, normalized: options.normalized === true, bounds: options.bounds === true, index: this.list('accessors').length };
          if (list === undefined) this.sameAccessors.set(sameKey, [same]);
          else list.push(same);
        }
      }
    } else {
      const compression: ViewCompression = filter ? { mode, byteStride: stride, count, filter } : { mode, byteStride: stride, count };
      const bufferView = this.addView(part, viewJson(partBytes, options.byteStride, options.target, undefined), compressible ? compression : undefined);
      accessor = { bufferView, componentType, count, type };
    }
    if (options.normalized) accessor.normalized = true;
    if (options.bounds) {
      const { min, max } = options.minMax ?? bounds(array, components, stride / array.BYTES_PER_ELEMENT, count);
      accessor.min = min;
      accessor.max = max;
    }
    return this.add('accessors', accessor);
  }

  /**
   * The finished JSON (empty top-level arrays left out, as glTF requires) and the buffer's layout.
   * `compress: 'meshopt'`: every compressible view (see addAccessor) EXT_meshopt_compression-encoded
   * into buffer 0, the views themselves pointing into a fallback buffer 1 without data
   * (meshopt-layout.ts); needs `await initMeshopt()` first.
   */
  build(options: { compress?: 'none' | 'meshopt' } = {}): BuiltGltf {
    // Lay the views out: each at the next multiple of 4 bytes, its parts back to back.
    let byteLength = 0;
    const jsonViews = this.list('bufferViews');
    for (const v of this.views) if (v.sections !== undefined) placeSections(v);
    const laid = this.views.map((v, i) => {
      const offset = byteLength;
      byteLength = align4(offset + v.length);
      if (offset > 0) jsonViews[i]!.byteOffset = offset;
      return { parts: v.parts, length: v.length, compression: v.compression, offset };
    });
    if (options.compress !== 'meshopt' && this.views.some((v) => v.compression?.filter)) throw new MeshFormatError({ code: 'BAD_OPTION', format: 'gltf' }, "filtered accessors are only stored with compress: 'meshopt'");
    if (options.compress === 'meshopt' && this.views.some((v) => v.compression)) {
      this.useExtension(EXT_MESHOPT_COMPRESSION, true);
      const built = meshoptLayout(this.tidyJson(), laid.map((v) => ({ bytes: joined(v.parts, v.length), offset: v.offset, compression: v.compression })), byteLength);
      const release = () => this.scratch.release();
      return { json: built.json, byteLength: built.byteLength, copyInto: built.copyInto, release };
    }
    const json = this.tidyJson();
    // glTF forbids a buffer of 0 bytes: a document without any view gets none.
    if (this.views.length > 0) json.buffers = [{ byteLength }];
    return {
      json,
      byteLength: laid.length > 0 ? byteLength : 0,
      copyInto: (target, offset) => {
        for (const v of laid) for (let at = offset + v.offset, p = 0; p < v.parts.length; at += v.parts[p]!.byteLength, p++) copyPart(target, at, v.parts[p]!);
      },
      release: () => this.scratch.release(),
    };
  }

  private tidyJson(): GltfObject {
    const json: GltfObject = {};
    // for-in (insertion order, as Object.entries): no array per entry, and V8 loads `this.json[key]` by the enumeration's own index.
    for (const key in this.json) {
      const value = this.json[key];
      if (!(Array.isArray(value) && value.length === 0)) json[key] = value;
    }
    // float32 values with their shortest round-trip digits (json-numbers.ts).
    shortenJsonNumbers(json);
    return json;
  }
}

/**
 * An accessor's bufferView object: buffer, byteLength, then the padding `byteStride` and the
 * `target`, then the `sharedStride` a shared vertex view states (when no padding stride did), in
 * that order, as object literals of a few fixed shapes: a spread of the optional keys into the
 * object took V8's slow copy path for every accessor.
 */
function viewJson(byteLength: number, byteStride: number | undefined, target: number | undefined, sharedStride: number | undefined): GltfObject {
  if (byteStride !== undefined) return target === undefined ? { buffer: 0, byteLength, byteStride } : { buffer: 0, byteLength, byteStride, target };
  if (target === undefined) return sharedStride === undefined ? { buffer: 0, byteLength } : { buffer: 0, byteLength, byteStride: sharedStride };
  return sharedStride === undefined ? { buffer: 0, byteLength, target } : { buffer: 0, byteLength, target, byteStride: sharedStride };
}

/**
 * A key of an integer array's element count and three of its values (first, middle, last), read
 * through one loop-free function per array type (a read of all of them went through V8's generic path).
 */
function sampledValues(values: Exclude<ComponentArray, Float32Array>, count: number): number {
  const last = values.length - 1;
  const middle = last >> 1;
  if (values instanceof Uint8Array) return mixed(count, values[0]!, values[middle]!, values[last]!);
  if (values instanceof Uint16Array) return mixed(count, values[0]!, values[middle]!, values[last]!);
  if (values instanceof Int8Array) return mixed(count, values[0]!, values[middle]!, values[last]!);
  if (values instanceof Int16Array) return mixed(count, values[0]!, values[middle]!, values[last]!);
  return mixed(count, values[0]!, values[middle]!, values[last]!);
}

function mixed(count: number, a: number, b: number, c: number): number {
  // Within V8's small integers (30 bits and a sign), so that the map hashes it without a heap number.
  return (Math.imul(Math.imul(Math.imul(count, 0x9e3779b1) ^ a, 0x01000193) ^ b, 0x01000193) ^ c) & 0x1fffffff;
}

/** Whether two integer arrays hold the same values as the same type (so the same bytes). */
function sameValues(x: Exclude<ComponentArray, Float32Array>, y: Exclude<ComponentArray, Float32Array>): boolean {
  if (x.length !== y.length || x.constructor !== y.constructor) return false;
  // One loop per array type (a loop over all of them read each element through V8's generic path).
  if (x instanceof Uint8Array) return sameUint8(x, y as Uint8Array);
  if (x instanceof Uint16Array) return sameUint16(x, y as Uint16Array);
  if (x instanceof Int8Array) return sameInt8(x, y as Int8Array);
  if (x instanceof Int16Array) return sameInt16(x, y as Int16Array);
  return sameUint32(x, y as Uint32Array);
}

function sameUint8(a: Uint8Array, b: Uint8Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameUint16(a: Uint16Array, b: Uint16Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameInt8(a: Int8Array, b: Int8Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameInt16(a: Int16Array, b: Int16Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameUint32(a: Uint32Array, b: Uint32Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * A shared vertex view's sections one after the other (each a multiple of 4 bytes long: vertex
 * strides are), its parts made their concatenation, and the accessors of later sections given
 * their byteOffset in the view.
 */
function placeSections(view: ViewParts): void {
  const sections = view.sections!;
  const starts: number[] = [];
  const parts: ComponentArray[] = [];
  let at = 0;
  for (const section of sections) {
    starts.push(at);
    for (const part of section.parts) parts.push(part);
    at += section.length;
  }
  view.parts = parts;
  for (const p of view.placed ?? []) p.accessor.byteOffset = starts[p.section]! + p.offset;
}

/** The bytes of `parts` back to back (the part's own bytes when there is one). */
function joined(parts: ComponentArray[], length: number): Uint8Array {
  if (parts.length === 1) return bytesOf(parts[0]!);
  // From the writer call's arena (writer-arena.ts): the bytes live only until they are compressed.
  const out = writerUint8(length);
  for (let at = 0, p = 0; p < parts.length; at += parts[p]!.byteLength, p++) copyPart(out, at, parts[p]!);
  return out;
}

/** Per-component min and max of `count` elements `step` values apart (exact stored values, as the validator checks). */
function bounds(array: ComponentArray, components: number, step: number, count: number): { min: number[]; max: number[] } {
  // Packed arrays, not new Array(n).fill(…): those have holey elements, and JSON.stringify prints
  // holey arrays through its slow per-element path (130 accessors' min and max of 3: 47.7 against
  // 35.2 µs, one interleaved run). Three components (positions, the bounded vertex attribute) as
  // literals of their own size: arrays grown by push took a 17-element store each (10.6 kB of
  // editor_viewcube.mesh's 287 kB allocated per encode).
  if (components === 3) {
    rangeOf(array, 0, step, count);
    const lx = RANGE[0], hx = RANGE[1];
    rangeOf(array, 1, step, count);
    const ly = RANGE[0], hy = RANGE[1];
    rangeOf(array, 2, step, count);
    return { min: [lx, ly, RANGE[0]], max: [hx, hy, RANGE[1]] };
  }
  const min: number[] = [];
  const max: number[] = [];
  for (let c = 0; c < components; c++) {
    rangeOf(array, c, step, count);
    min.push(RANGE[0]);
    max.push(RANGE[1]);
  }
  return { min, max };
}

/** rangeOf's result: the lowest and highest value. */
const RANGE: [number, number] = [0, 0];

/** The lowest and highest of component `c` of `count` elements `step` values apart, into RANGE (returns 0). */
function rangeOf(array: ComponentArray, c: number, step: number, count: number): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0, at = c; i < count; i++, at += step) {
    const v = array[at]!;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  RANGE[0] = lo;
  RANGE[1] = hi;
  return 0;
}
