import { attachFileOffsets, FileOffsets } from '../../io/file-offsets.js';
import { ByteReader } from '../../io/byte-reader.js';
import { MeshFormatError, type MeshFormatErrorCode } from '../../io/errors.js';
import type { Kernels } from '../../kernels/kernels.js';
import { getKernels } from '../../kernels/backend.js';
import { isIqm } from './iqm-signature.js';
import {
  channelCount,
  IQM_CHANNELS,
  IQM_HEADER_FIELDS,
  IQM_HEADER_SIZE,
  IQM_MAGIC,
  IQM_VERSION,
  type IqmAnim,
  type IqmDocument,
  type IqmExtension,
  type IqmHeaderField,
  type IqmJoint,
  type IqmLayout,
  type IqmMesh,
  type IqmPose,
  type IqmVertexArray,
} from './iqm-document.js';
import { IQM_OFFSET_FIELDS, iqmSectionLengths, iqmSectionOffsets } from './iqm-layout.js';
import { componentsFromBytes, copyBytes, formatByteSize, IQM_CUSTOM, IQM_FORMAT, isIqmFormat, type IqmComponentArray, type IqmFormatCode } from './vertex-formats.js';

export interface ReadIqmOptions {
  kernels?: Kernels;
  /**
   * Largest ratio of decoded size (float vertices, dense frames, extension copies) to file size.
   * Refuses files whose counts promise far more data than their bytes can justify.
   */
  maxExpansion?: number;
  /**
   * Vertex arrays, triangles, adjacency, frames and bounds stored aligned become views into
   * `bytes` instead of copies: the document then changes when `bytes` does. For a caller that
   * copies out of the document at once (`parseSync`: the Asset owns its arrays).
   */
  viewInput?: boolean;
  /**
   * Record where every section lay (`document.layout`), so that `writeIqm` gives the file back
   * byte for byte (default). Off for a caller that only converts the document (`parseSync`).
   */
  layout?: boolean;
  /**
   * Check every triangle's vertices against the vertex count here (default). Off for a caller
   * that converts the document with iqmToAsset, which checks them itself on the pass that
   * winds them (`parseSync`: one pass over the triangles instead of two).
   */
  checkTriangles?: boolean;
}

export const READ_IQM_DEFAULTS: Required<Omit<ReadIqmOptions, 'kernels' | 'viewInput' | 'checkTriangles'>> = { maxExpansion: 64, layout: true };

const FIELD = IQM_HEADER_FIELDS;
export type Header = Record<IqmHeaderField, number>;

const NO_NEIGHBOUR = 0xffffffff;

const floatBits = new DataView(new ArrayBuffer(4));

/**
 * The header's fields from `version` on, field by field through the reader (its reads are what
 * the fuzz mutators trace), in file order (IQM_HEADER_FIELDS), into one object literal: a keyed
 * store per field into an empty object (the loop this replaces) took ~1.5 µs, a sixth of a 30 kB
 * file's parse. test/iqm-read-fast-paths.test.ts checks the order against IQM_HEADER_FIELDS.
 */
export function readHeaderFields(r: ByteReader): Header {
  return {
    version: r.u32('version'),
    filesize: r.u32('filesize'),
    flags: r.u32('flags'),
    numText: r.u32('numText'),
    ofsText: r.u32('ofsText'),
    numMeshes: r.u32('numMeshes'),
    ofsMeshes: r.u32('ofsMeshes'),
    numVertexArrays: r.u32('numVertexArrays'),
    numVertexes: r.u32('numVertexes'),
    ofsVertexArrays: r.u32('ofsVertexArrays'),
    numTriangles: r.u32('numTriangles'),
    ofsTriangles: r.u32('ofsTriangles'),
    ofsAdjacency: r.u32('ofsAdjacency'),
    numJoints: r.u32('numJoints'),
    ofsJoints: r.u32('ofsJoints'),
    numPoses: r.u32('numPoses'),
    ofsPoses: r.u32('ofsPoses'),
    numAnims: r.u32('numAnims'),
    ofsAnims: r.u32('ofsAnims'),
    numFrames: r.u32('numFrames'),
    numFrameChannels: r.u32('numFrameChannels'),
    ofsFrames: r.u32('ofsFrames'),
    ofsBounds: r.u32('ofsBounds'),
    numComment: r.u32('numComment'),
    ofsComment: r.u32('ofsComment'),
    numExtensions: r.u32('numExtensions'),
    ofsExtensions: r.u32('ofsExtensions'),
  };
}

/** True when `bytes` starts with the 16-byte IQM magic. */
export { isIqm };

/**
 * Reads an IQM v2 file into a document, checking everything a safe reader needs (the reference
 * loader checks none of it). Offsets may be unaligned. Throws MeshFormatError.
 */
export function readIqm(bytes: Uint8Array, options: ReadIqmOptions = {}): IqmDocument {
  return new IqmReader(bytes, options).read();
}

/** An option as `{ ...READ_IQM_DEFAULTS, ...options }` has it (an own property wins, even undefined), without making that object: a spread of an options object was a quarter of a 30 kB file's readIqm. */
function option<K extends keyof typeof READ_IQM_DEFAULTS>(options: ReadIqmOptions, key: K): ReadIqmOptions[K] | (typeof READ_IQM_DEFAULTS)[K] {
  return Object.prototype.hasOwnProperty.call(options, key) ? options[key] : READ_IQM_DEFAULTS[key];
}

class IqmReader {
  private readonly r: ByteReader;
  private readonly kernels: Kernels;
  private readonly budget: number;
  private readonly viewInput: boolean;
  private readonly checkTriangles: boolean;
  private readonly keepLayout: boolean;
  private decodedBytes = 0;
  private h!: Header;
  /** End of the data the header vouches for (filesize). */
  private end = 0;
  /** Where each vertex array's data and each extension record lie, as stored. */
  private readonly vertexData: number[] = [];
  private readonly extensionRecords: IqmLayout['extensions'] = [];
  /** Where the triangles lie in the file (the document's table, io/file-offsets.ts). */
  private readonly fileOffsets = new FileOffsets();
  private readonly nanBits: IqmLayout['nanBits'] = [];

  constructor(bytes: Uint8Array, options: ReadIqmOptions) {
    this.r = new ByteReader(bytes, 'iqm');
    this.kernels = options.kernels ?? getKernels();
    this.budget = (option(options, 'maxExpansion') as number) * bytes.length;
    this.viewInput = options.viewInput ?? false;
    this.checkTriangles = options.checkTriangles ?? true;
    this.keepLayout = option(options, 'layout') as boolean;
  }

  /** A bulk array of the file: a view when the options allow it and it is aligned, else a copy. */
  private bulk(offset: number, count: number, format: IqmFormatCode): IqmComponentArray {
    return componentsFromBytes(this.r.bytes, offset, count, format, this.viewInput);
  }

  private fail(code: MeshFormatErrorCode, detail: string, at: number): never {
    return this.r.fail(code, detail, at);
  }

  read(): IqmDocument {
    const r = this.r;
    // The magic compared byte by byte (read as a string, one concatenation per byte, it was 1–2 % of a 30 KB parse).
    if (!isIqm(r.bytes)) this.fail('BAD_MAGIC', 'not an IQM file (no "INTERQUAKEMODEL" magic)', 0);
    r.seek(IQM_MAGIC.length);
    const version = r.u32('version');
    if (version !== IQM_VERSION) this.fail('UNSUPPORTED_VERSION', `version ${version} is not supported (only version 2)`, FIELD.version);
    r.need(IQM_HEADER_SIZE - r.offset, 'header');
    r.seek(FIELD.version);
    const h = readHeaderFields(r);
    this.h = h;
    r.seek(IQM_HEADER_SIZE);
    if (h.filesize > r.length) this.fail('TRUNCATED', `header says ${h.filesize} bytes but the file has ${r.length}`, FIELD.filesize);
    if (h.filesize < IQM_HEADER_SIZE) this.fail('BAD_VALUE', `filesize ${h.filesize} is smaller than the header`, FIELD.filesize);
    this.end = h.filesize;

    const text = this.table(h.numText, h.ofsText, 1, FIELD.ofsText, 'text table');
    // A view when the input may be viewed (names are only decoded from it), else a copy.
    const textBytes = text < 0 ? new Uint8Array(0) : this.viewInput ? r.bytes.subarray(text, text + h.numText) : copyBytes(r.bytes, text, h.numText);
    const meshes = this.readMeshes();
    const vertexArrays = this.readVertexArrays();
    const triangles = this.readTriangles();
    let tail: ReturnType<IqmReader['readAfterTriangles']>;
    try {
      tail = this.readAfterTriangles(meshes, vertexArrays);
    } catch (error) {
      this.triangleErrorFirst(triangles);
      throw error;
    }
    const { adjacency, joints, poses, anims, frames, bounds, comment, extensions } = tail;

    const document: IqmDocument = {
      version: IQM_VERSION,
      flags: h.flags,
      text: textBytes,
      meshes,
      vertexCount: h.numVertexes,
      vertexArrays,
      triangles,
      joints,
      poses,
      anims,
      frameCount: h.numFrames,
      frameChannelCount: h.numFrameChannels,
      frames,
      comment,
      extensions,
    };
    if (adjacency) document.adjacency = adjacency;
    if (bounds) document.bounds = bounds;
    if (this.keepLayout) document.layout = this.layout(document);
    return attachFileOffsets(document, this.fileOffsets);
  }

  /** The tables after the triangles (a method, not a closure made per read). */
  private readAfterTriangles(meshes: IqmMesh[], vertexArrays: IqmVertexArray[]) {
    const h = this.h;
    const adjacency = this.readAdjacency();
    const joints = this.readJoints();
    const poses = this.readPoses();
    const anims = this.readAnims();
    const { frames, bounds } = this.readFrames(poses);
    const commentAt = this.table(h.numComment, h.ofsComment, 1, FIELD.ofsComment, 'comment');
    const comment = commentAt < 0 ? new Uint8Array(0) : copyBytes(this.r.bytes, commentAt, h.numComment);
    const extensions = this.readExtensions();
    this.checkBudget(meshes, vertexArrays, poses, anims);
    return { adjacency, joints, poses, anims, frames, bounds, comment, extensions };
  }

  /**
   * For a read that failed in a table after the triangles: with `checkTriangles` off, the
   * triangles are checked first (only then: the check costs nothing on a file that reads), so
   * that every read of one file reports the same error, the one the default read reports (a
   * triangle naming a vertex past the file's, before any later table's fault).
   */
  private triangleErrorFirst(triangles: Uint32Array): void {
    if (!this.checkTriangles) checkTriangleVertices(triangles, this.h.numVertexes, this.kernels, this.fileOffsets.offsetOf(triangles));
  }

  /** Where every section lies, and the bytes none of them covers, so that writing gives the file back. */
  private layout(document: IqmDocument): IqmLayout {
    const bytes = this.r.bytes;
    const layout: IqmLayout = {
      fileSize: this.h.filesize,
      byteLength: bytes.length,
      offsets: Object.fromEntries(IQM_OFFSET_FIELDS.map((field) => [field, this.h[field]])) as IqmLayout['offsets'],
      vertexData: this.vertexData,
      extensions: this.extensionRecords,
      nanBits: this.nanBits,
      filler: [],
      sectionLengths: iqmSectionLengths(document),
    };
    // The gaps between the sections (sorted by where they start), and after the last one.
    const offsets = iqmSectionOffsets(layout);
    const sections = layout.sectionLengths
      .map((length, i) => [offsets[i]!, offsets[i]! + length] as const)
      .filter(([start, end]) => end > start)
      .sort((a, b) => a[0] - b[0]);
    let covered = IQM_HEADER_SIZE;
    const keepGap = (start: number, end: number) => {
      if (bytes.subarray(start, end).some((b) => b !== 0)) layout.filler.push({ offset: start, bytes: copyBytes(bytes, start, end - start) });
    };
    for (const [start, end] of sections) {
      if (start > covered) keepGap(covered, start);
      covered = Math.max(covered, end);
    }
    if (bytes.length > covered) keepGap(covered, bytes.length);
    return layout;
  }

  /**
   * Checks that `count` elements of `size` bytes at `offset` lie inside the file, after the
   * header. Returns the offset, or −1 for an empty table (whose offset is then ignored).
   */
  private table(count: number, offset: number, size: number, field: number, what: string): number {
    if (count === 0) return -1;
    if (offset < IQM_HEADER_SIZE) this.fail('BAD_OFFSET', `${what} offset ${offset} points into the header`, field);
    const byteLength = count * size;
    if (offset + byteLength > this.end) {
      this.fail('BAD_OFFSET', `${what} (${count} × ${size} bytes at ${offset}) runs past the end of the file (${this.end} bytes)`, field);
    }
    return offset;
  }

  private checkName(offset: number, at: number, what: string): number {
    const numText = this.h.numText;
    if (offset >= numText && !(offset === 0 && numText === 0)) {
      this.fail('BAD_OFFSET', `${what} name offset ${offset} lies outside the text table (${numText} bytes)`, at);
    }
    return offset;
  }

  private readMeshes(): IqmMesh[] {
    const { numMeshes, ofsMeshes, numVertexes, numTriangles } = this.h;
    const at = this.table(numMeshes, ofsMeshes, 24, FIELD.ofsMeshes, 'mesh table');
    const r = this.r;
    const meshes: IqmMesh[] = [];
    for (let i = 0; i < numMeshes; i++) {
      const o = at + i * 24;
      r.seek(o);
      const mesh: IqmMesh = {
        name: this.checkName(r.u32(), o, `mesh ${i}`),
        material: this.checkName(r.u32(), o + 4, `mesh ${i} material`),
        firstVertex: r.u32(),
        vertexCount: r.u32(),
        firstTriangle: r.u32(),
        triangleCount: r.u32(),
      };
      if (mesh.firstVertex + mesh.vertexCount > numVertexes) {
        this.fail('BAD_INDEX', `mesh ${i} vertices ${mesh.firstVertex}+${mesh.vertexCount} run past the ${numVertexes} vertices`, o + 8);
      }
      if (mesh.firstTriangle + mesh.triangleCount > numTriangles) {
        this.fail('BAD_INDEX', `mesh ${i} triangles ${mesh.firstTriangle}+${mesh.triangleCount} run past the ${numTriangles} triangles`, o + 16);
      }
      meshes.push(mesh);
    }
    return meshes;
  }

  private readVertexArrays(): IqmVertexArray[] {
    const { numVertexArrays, ofsVertexArrays, numVertexes } = this.h;
    const at = this.table(numVertexArrays, ofsVertexArrays, 20, FIELD.ofsVertexArrays, 'vertex array table');
    const r = this.r;
    const arrays: IqmVertexArray[] = [];
    for (let i = 0; i < numVertexArrays; i++) {
      const o = at + i * 20;
      r.seek(o);
      const type = r.u32();
      const flags = r.u32();
      const format = r.u32();
      const size = r.u32();
      const offset = r.u32();
      if (type >= IQM_CUSTOM) this.checkName(type - IQM_CUSTOM, o, `custom vertex array ${i}`);
      if (!isIqmFormat(format)) this.fail('BAD_VALUE', `vertex array ${i} has unknown format ${format} (0–8 are defined)`, o + 8);
      if (size === 0) this.fail('BAD_VALUE', `vertex array ${i} has 0 components`, o + 12);
      const count = numVertexes * size;
      this.vertexData.push(offset);
      const dataAt = this.table(count, offset, formatByteSize(format), o + 16, `vertex array ${i} data`);
      // Arrays may share their data: each one is a copy, and later a float32 conversion.
      this.spend(count * (formatByteSize(format) + 4), o + 16);
      arrays.push({ type, flags, format, size, data: this.bulk(Math.max(dataAt, 0), count, format) });
    }
    return arrays;
  }

  private readTriangles(): Uint32Array {
    const { numTriangles, ofsTriangles, numVertexes } = this.h;
    const at = this.table(numTriangles, ofsTriangles, 12, FIELD.ofsTriangles, 'triangle table');
    if (at < 0) return new Uint32Array(0);
    const triangles = this.fileOffsets.record(this.bulk(at, numTriangles * 3, IQM_FORMAT.uint) as Uint32Array, at);
    if (this.checkTriangles) checkTriangleVertices(triangles, numVertexes, this.kernels, at);
    return triangles;
  }

  private readAdjacency(): Uint32Array | undefined {
    const { numTriangles, ofsAdjacency } = this.h;
    if (ofsAdjacency === 0 || numTriangles === 0) return undefined;
    const at = this.table(numTriangles, ofsAdjacency, 12, FIELD.ofsAdjacency, 'adjacency table');
    const adjacency = this.bulk(at, numTriangles * 3, IQM_FORMAT.uint) as Uint32Array;
    const bad = adjacency.findIndex((v) => v >= numTriangles && v !== NO_NEIGHBOUR);
    if (bad >= 0) this.fail('BAD_INDEX', `adjacency of triangle ${Math.floor(bad / 3)} names triangle ${adjacency[bad]} of ${numTriangles}`, at + bad * 4);
    return adjacency;
  }

  /** Parents must come before children: the reference loader composes transforms in order. */
  private checkParent(parent: number, index: number, at: number, what: string): void {
    if (parent >= index) this.fail('BAD_INDEX', `${what} ${index} has parent ${parent}, which does not come before it`, at);
  }

  private readJoints(): IqmJoint[] {
    const { numJoints, ofsJoints } = this.h;
    const at = this.table(numJoints, ofsJoints, 48, FIELD.ofsJoints, 'joint table');
    const r = this.r;
    const joints: IqmJoint[] = [];
    for (let i = 0; i < numJoints; i++) {
      const o = at + i * 48;
      r.seek(o);
      const name = this.checkName(r.u32(), o, `joint ${i}`);
      const parent = r.i32();
      this.checkParent(parent, i, o + 4, 'joint');
      const translate: IqmJoint['translate'] = [this.scalarFloat(), this.scalarFloat(), this.scalarFloat()];
      const rotate: IqmJoint['rotate'] = [this.scalarFloat(), this.scalarFloat(), this.scalarFloat(), this.scalarFloat()];
      joints.push({ name, parent, translate, rotate, scale: [this.scalarFloat(), this.scalarFloat(), this.scalarFloat()] });
    }
    return joints;
  }

  private readPoses(): IqmPose[] {
    const { numPoses, ofsPoses, numJoints } = this.h;
    // A skinned model without animations has joints and no poses; an animation-only file the reverse.
    if (numPoses !== numJoints && numJoints !== 0 && numPoses !== 0) {
      this.fail('BAD_COUNT', `${numPoses} poses for ${numJoints} joints (must be equal, or one of them 0)`, FIELD.numPoses);
    }
    const at = this.table(numPoses, ofsPoses, 88, FIELD.ofsPoses, 'pose table');
    const poses: IqmPose[] = [];
    if (at < 0) return poses;
    // The table copied once as bytes (so that every NaN keeps its bits); each pose's offsets and
    // scales are views of the copy (88-byte records: the floats stay 4-byte aligned).
    const r = this.r;
    const table = copyBytes(r.bytes, at, numPoses * 88);
    for (let i = 0; i < numPoses; i++) {
      const o = i * 88;
      r.seek(at + o);
      const parent = r.i32();
      this.checkParent(parent, i, at + o, 'pose');
      const channelMask = r.u32();
      const channelOffset = new Float32Array(table.buffer, o + 8, IQM_CHANNELS);
      const channelScale = new Float32Array(table.buffer, o + 8 + IQM_CHANNELS * 4, IQM_CHANNELS);
      poses.push({ parent, channelMask, channelOffset, channelScale });
    }
    return poses;
  }

  private readAnims(): IqmAnim[] {
    const { numAnims, ofsAnims, numFrames } = this.h;
    const at = this.table(numAnims, ofsAnims, 20, FIELD.ofsAnims, 'animation table');
    const r = this.r;
    const anims: IqmAnim[] = [];
    for (let i = 0; i < numAnims; i++) {
      const o = at + i * 20;
      r.seek(o);
      const anim: IqmAnim = { name: this.checkName(r.u32(), o, `animation ${i}`), firstFrame: r.u32(), frameCount: r.u32(), frameRate: this.scalarFloat(), flags: r.u32() };
      if (anim.firstFrame + anim.frameCount > numFrames) {
        this.fail('BAD_INDEX', `animation ${i} frames ${anim.firstFrame}+${anim.frameCount} run past the ${numFrames} frames`, o + 4);
      }
      anims.push(anim);
    }
    return anims;
  }

  private readFrames(poses: IqmPose[]): { frames: Uint16Array; bounds?: Float32Array } {
    const { numFrames, numFrameChannels, ofsFrames, ofsBounds } = this.h;
    if (numFrames > 0) {
      const masked = poses.reduce((sum, pose) => sum + channelCount(pose.channelMask), 0);
      if (masked !== numFrameChannels) {
        this.fail('BAD_VALUE', `num_framechannels is ${numFrameChannels} but the pose masks have ${masked} channels`, FIELD.numFrameChannels);
      }
    }
    const count = numFrames * numFrameChannels;
    const at = this.table(count, ofsFrames, 2, FIELD.ofsFrames, 'frame data');
    const frames = at < 0 ? new Uint16Array(0) : (this.bulk(at, count, IQM_FORMAT.ushort) as Uint16Array);
    if (ofsBounds === 0 || numFrames === 0) return { frames };
    const boundsAt = this.table(numFrames, ofsBounds, 32, FIELD.ofsBounds, 'frame bounds');
    return { frames, bounds: this.bulk(boundsAt, numFrames * 8, IQM_FORMAT.float) as Float32Array };
  }

  private readExtensions(): IqmExtension[] {
    const { numExtensions } = this.h;
    const r = this.r;
    if (numExtensions * 16 > this.end) this.fail('BAD_COUNT', `${numExtensions} extensions cannot fit in ${this.end} bytes`, FIELD.numExtensions);
    const extensions: IqmExtension[] = [];
    const seen = new Set<number>();
    let field: number = FIELD.ofsExtensions;
    let next = this.h.ofsExtensions;
    for (let i = 0; i < numExtensions; i++) {
      const o = this.table(1, next, 16, field, `extension ${i}`);
      if (seen.has(o)) this.fail('BAD_OFFSET', `extension ${i} loops back to an earlier extension at ${o}`, field);
      seen.add(o);
      r.seek(o);
      const name = this.checkName(r.u32(), o, `extension ${i}`);
      const size = r.u32();
      const storedDataAt = r.u32();
      const dataAt = this.table(size, storedDataAt, 1, o + 8, `extension ${i} data`);
      this.spend(size, o + 4);
      extensions.push({ name, data: dataAt < 0 ? new Uint8Array(0) : copyBytes(r.bytes, dataAt, size) });
      field = o + 12;
      next = r.u32();
      this.extensionRecords.push({ at: o, dataAt: storedDataAt, next });
    }
    return extensions;
  }

  /**
   * A float32 field held as a number. A signalling NaN does not survive that (it comes back
   * quiet), so its bits are kept in the layout for the writer.
   */
  private scalarFloat(): number {
    const at = this.r.offset;
    const value = this.r.f32();
    if (Number.isNaN(value)) {
      const bits = this.r.view.getUint32(at, true);
      floatBits.setFloat32(0, value, true);
      if (floatBits.getUint32(0, true) !== bits) this.nanBits.push({ offset: at, bits });
    }
    return value;
  }

  private spend(byteCount: number, at: number): void {
    this.decodedBytes += byteCount;
    if (this.decodedBytes > this.budget) {
      this.fail('BAD_COUNT', `the counts promise ${this.decodedBytes} decoded bytes, more than ${this.budget / this.r.length} times the file size`, at);
    }
  }

  /** What conversion to the Asset model will allocate besides: float vertices per mesh, dense frames per animation. */
  private checkBudget(meshes: IqmMesh[], vertexArrays: IqmVertexArray[], poses: IqmPose[], anims: IqmAnim[]): void {
    // Loops, not reduce and filter (a closure each per read).
    let floatsPerVertex = 3;
    for (const a of vertexArrays) floatsPerVertex += a.size;
    for (const mesh of meshes) this.spend(mesh.vertexCount * floatsPerVertex * 4 + mesh.triangleCount * 12, FIELD.numMeshes);
    // Poses with channels become a key per frame (each frame stores a value for them, so the
    // file pays for it); poses with mask 0 store nothing and become one key per animation.
    let animatedPoses = 0;
    for (const pose of poses) if (pose.channelMask !== 0) animatedPoses++;
    let framesDecoded = this.h.numFrames;
    for (const a of anims) framesDecoded += a.frameCount;
    this.spend(framesDecoded * animatedPoses * (IQM_CHANNELS + 1) * 4, FIELD.numFrames);
    this.spend(anims.length * (poses.length - animatedPoses) * (IQM_CHANNELS + 1) * 4, FIELD.numAnims);
  }
}

/** Refuses the first triangle corner (in file order) naming a vertex at or past `vertexCount`, as BAD_INDEX at its offset (the triangles' `fileOffset`, if read from a file). */
export function checkTriangleVertices(triangles: Uint32Array, vertexCount: number, kernels: Kernels, fileOffset: number | undefined): void {
  if (kernels.maxIndex(triangles) < vertexCount) return;
  const bad = triangles.findIndex((v) => v >= vertexCount);
  throw new MeshFormatError({ code: 'BAD_INDEX', format: 'iqm', offset: fileOffset === undefined ? undefined : fileOffset + bad * 4 }, `triangle ${Math.floor(bad / 3)} uses vertex ${triangles[bad]} of ${vertexCount}`);
}
