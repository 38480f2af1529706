import type { IqmComponentArray, IqmFormatCode } from './vertex-formats.js';

/**
 * An IQM v2 file in its own terms. Names are offsets into `text`, as in the file, so that
 * reading then writing keeps every byte; `iqmText` resolves them.
 */
export interface IqmDocument {
  version: 2;
  flags: number;
  /** The text table as stored: NUL-terminated strings, the first one "". */
  text: Uint8Array;
  meshes: IqmMesh[];
  /** num_vertexes: the length of every vertex array, in vertices. */
  vertexCount: number;
  vertexArrays: IqmVertexArray[];
  /** Three vertex indices per triangle, clockwise. */
  triangles: Uint32Array;
  /** Three neighbouring triangles per triangle (0xffffffff = none), when the file has them. */
  adjacency?: Uint32Array;
  joints: IqmJoint[];
  poses: IqmPose[];
  anims: IqmAnim[];
  frameCount: number;
  /** num_framechannels: ushorts per frame, the number of mask bits set over all poses. */
  frameChannelCount: number;
  /** frameCount × frameChannelCount quantized channel values. */
  frames: Uint16Array;
  /** Eight floats per frame (bbmins xyz, bbmaxs xyz, xyradius, radius), when the file has them. */
  bounds?: Float32Array;
  comment: Uint8Array;
  extensions: IqmExtension[];
  /**
   * Where the file read kept each section (set by `readIqm`). `writeIqm` keeps this layout, so
   * that reading then writing gives the same bytes for any valid file, as long as every section
   * keeps its length; otherwise, and for documents built from scratch, it writes the reference
   * compiler's layout.
   */
  layout?: IqmLayout;
}

/** The header fields that hold a section's offset. */
export type IqmOffsetField = Extract<IqmHeaderField, `ofs${string}`>;

/** Where the sections of an IQM file lie, and the bytes between them. */
export interface IqmLayout {
  /** The header's `filesize`. */
  fileSize: number;
  /** The file's length: bytes past `fileSize` are kept in `filler`. */
  byteLength: number;
  /** Every header offset field as stored, empty sections' included (readers ignore those). */
  offsets: Record<IqmOffsetField, number>;
  /** Where each vertex array's data starts, as its table entry says. */
  vertexData: number[];
  /** Each extension record's offset, its stored data offset, and its stored link to the next record. */
  extensions: { at: number; dataAt: number; next: number }[];
  /** Float fields held as numbers (joint transforms, frame rates) whose NaN bits a number cannot carry (signalling NaNs): offset and bits. */
  nanBits: { offset: number; bits: number }[];
  /** Bytes that no section covers (padding, gaps, bytes past `fileSize`), where they are not all zero. */
  filler: { offset: number; bytes: Uint8Array }[];
  /** The length of each section when read, in the order of `iqmSectionLengths`. */
  sectionLengths: number[];
}

export interface IqmMesh {
  name: number;
  material: number;
  firstVertex: number;
  vertexCount: number;
  firstTriangle: number;
  triangleCount: number;
}

export interface IqmVertexArray {
  /** 0–6 for the standard types, ≥ IQM_CUSTOM for a custom array named in the text table. */
  type: number;
  flags: number;
  format: IqmFormatCode;
  /** Components per vertex. */
  size: number;
  /** vertexCount × size components; half floats as raw bits in a Uint16Array. */
  data: IqmComponentArray;
}

export interface IqmJoint {
  name: number;
  /** Negative for a root. */
  parent: number;
  translate: [number, number, number];
  rotate: [number, number, number, number];
  scale: [number, number, number];
}

export interface IqmPose {
  parent: number;
  /** Bit k set: channel k varies and takes one ushort per frame. */
  channelMask: number;
  /** Ten channels: translate xyz, rotate xyzw, scale xyz. */
  channelOffset: Float32Array;
  channelScale: Float32Array;
}

export interface IqmAnim {
  name: number;
  firstFrame: number;
  frameCount: number;
  frameRate: number;
  flags: number;
}

export const IQM_ANIM_LOOP = 1;

export interface IqmExtension {
  name: number;
  /** The extension's bytes, uninterpreted. */
  data: Uint8Array;
}

export const IQM_MAGIC = 'INTERQUAKEMODEL\0';
export const IQM_VERSION = 2;
export const IQM_HEADER_SIZE = 124;

/** Byte offset of each uint32 header field (after the 16-byte magic). */
export const IQM_HEADER_FIELDS = {
  version: 16, filesize: 20, flags: 24,
  numText: 28, ofsText: 32, numMeshes: 36, ofsMeshes: 40,
  numVertexArrays: 44, numVertexes: 48, ofsVertexArrays: 52,
  numTriangles: 56, ofsTriangles: 60, ofsAdjacency: 64,
  numJoints: 68, ofsJoints: 72, numPoses: 76, ofsPoses: 80, numAnims: 84, ofsAnims: 88,
  numFrames: 92, numFrameChannels: 96, ofsFrames: 100, ofsBounds: 104,
  numComment: 108, ofsComment: 112, numExtensions: 116, ofsExtensions: 120,
} as const;

export type IqmHeaderField = keyof typeof IQM_HEADER_FIELDS;
export const IQM_CHANNELS = 10;

const textDecoder = new TextDecoder('utf-8', { fatal: false });

/** The NUL-terminated string at `offset` in the text table ("" outside it). */
export function iqmText(document: IqmDocument, offset: number): string {
  const text = document.text;
  if (offset >= text.length) return '';
  // A short ASCII name (joint, mesh and material names) built as it is scanned, without
  // TextDecoder (80 names of 12–13 bytes: 6.4 µs with indexOf and decode, 4.7 µs so); ASCII
  // decodes to the same string either way, anything else goes to the decoder.
  let name = '';
  const last = Math.min(text.length, offset + SHORT_NAME);
  for (let i = offset; i < last; i++) {
    const c = text[i]!;
    if (c === 0) return name;
    if (c >= 0x80) break;
    name += String.fromCharCode(c);
  }
  let end = text.indexOf(0, offset);
  if (end < 0) end = text.length;
  if (end - offset < SHORT_NAME && end === offset + name.length) return name;
  return textDecoder.decode(text.subarray(offset, end));
}

/** Names up to this many bytes may take iqmText's ASCII path. */
const SHORT_NAME = 256;

/** Number of set bits among the ten channels of `mask`. */
export function channelCount(mask: number): number {
  let n = 0;
  for (let k = 0; k < IQM_CHANNELS; k++) if (mask & (1 << k)) n++;
  return n;
}

/** An empty version-2 document to fill in. */
export function emptyIqmDocument(): IqmDocument {
  return {
    version: 2,
    flags: 0,
    text: new Uint8Array(1),
    meshes: [],
    vertexCount: 0,
    vertexArrays: [],
    triangles: new Uint32Array(0),
    joints: [],
    poses: [],
    anims: [],
    frameCount: 0,
    frameChannelCount: 0,
    frames: new Uint16Array(0),
    comment: new Uint8Array(0),
    extensions: [],
  };
}
