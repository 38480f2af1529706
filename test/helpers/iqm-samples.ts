import { channelCount, emptyIqmDocument, IQM_ANIM_LOOP, IQM_CUSTOM, type IqmComponentArray, type IqmDocument, type IqmFormatCode } from '../../bindings/formats/iqm/index.js';

/**
 * A document as plain JSON, typed arrays by class and content (NaN as a string), for deep
 * equality of what the file says (its layout aside: `layout` is tested on its own).
 */
export function comparable(d: IqmDocument): unknown {
  return JSON.parse(JSON.stringify(d, (key, v) => (key === 'layout' ? undefined : ArrayBuffer.isView(v) ? { [v.constructor.name]: Array.from(v as unknown as ArrayLike<number>, (x) => (Number.isNaN(x) ? 'NaN' : x)) } : v)));
}

/** A text table from strings: returns the bytes and each string's offset. */
export function textTable(strings: string[]): { text: Uint8Array; at: Record<string, number> } {
  const at: Record<string, number> = { '': 0 };
  const parts: number[] = [0];
  for (const s of strings) {
    at[s] = parts.length;
    for (const c of new TextEncoder().encode(s)) parts.push(c);
    parts.push(0);
  }
  return { text: Uint8Array.from(parts), at };
}

/**
 * A small document using every IQM feature: two meshes, one vertex array per format (standard
 * and custom types), adjacency, two joints, poses with masks, two animations, bounds, a
 * comment and two extensions. Frame values are chosen so that dequantized results can be
 * computed by hand (see the kernel test).
 */
export function sampleIqmDocument(): IqmDocument {
  const { text, at } = textTable(['body', 'skin.png', 'head', 'root', 'arm', 'wave', 'idle', 'heat', 'score', 'ext.a', 'ext.b']);
  const d = emptyIqmDocument();
  d.text = text;
  d.flags = 0;
  d.vertexCount = 5;
  d.meshes = [
    { name: at.body!, material: at['skin.png']!, firstVertex: 0, vertexCount: 3, firstTriangle: 0, triangleCount: 1 },
    { name: at.head!, material: at['skin.png']!, firstVertex: 3, vertexCount: 2, firstTriangle: 1, triangleCount: 1 },
  ];
  d.vertexArrays = [
    { type: 0, flags: 0, format: 7, size: 3, data: Float32Array.from([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1]) },
    { type: 1, flags: 0, format: 6, size: 2, data: Uint16Array.from([0x0000, 0x3c00, 0x3800, 0xb800, 0x3c00, 0x0000, 0x7bff, 0x0001, 0x8000, 0x3555]) },
    { type: 2, flags: 0, format: 8, size: 3, data: Float64Array.from([0, 0, 1, 0, 0, -1, 1, 0, 0, 0, 1, 0, 0.6, 0.8, 0]) },
    { type: 3, flags: 0, format: 2, size: 4, data: Int16Array.from({ length: 20 }, (_, i) => (i * 3277) % 32767 - 16000) },
    { type: 4, flags: 0, format: 5, size: 4, data: Uint32Array.from([0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0]) },
    { type: 5, flags: 0, format: 1, size: 4, data: Uint8Array.from([128, 127, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 200, 55, 0, 0, 1, 254, 0, 0]) },
    { type: 6, flags: 0, format: 3, size: 4, data: Uint16Array.from({ length: 20 }, (_, i) => i * 3449) },
    { type: 0x10 + at.heat!, flags: 7, format: 0, size: 1, data: Int8Array.from([-128, -1, 0, 1, 127]) },
    { type: 0x10 + at.score!, flags: 0, format: 4, size: 2, data: Int32Array.from([-2147483648, 2147483647, 0, 1, -1, 5, 6, 7, 8, 9]) },
  ];
  d.triangles = Uint32Array.from([0, 1, 2, 3, 4, 3]);
  d.adjacency = Uint32Array.from([1, 0xffffffff, 0xffffffff, 0xffffffff, 0, 0xffffffff]);
  d.joints = [
    { name: at.root!, parent: -1, translate: [0, 0, 1], rotate: [0, 0, 0, 1], scale: [1, 1, 1] },
    { name: at.arm!, parent: 0, translate: [0.5, 0, 0], rotate: [0, 0, Math.fround(Math.SQRT1_2), Math.fround(Math.SQRT1_2)], scale: [1, 1, 1] },
  ];
  // Pose 0 animates translate x (channel 0) and rotate w (6); pose 1 animates scale z (9).
  d.poses = [
    { parent: -1, channelMask: (1 << 0) | (1 << 6), channelOffset: Float32Array.from([1, 2, 3, 0, 0, 0, 0.5, 1, 1, 1]), channelScale: Float32Array.from([0.5, 0, 0, 0, 0, 0, 0.25, 0, 0, 0]) },
    { parent: 0, channelMask: 1 << 9, channelOffset: Float32Array.from([-0, 0, 0, 0, 0, 0, 1, 2, 2, -1]), channelScale: Float32Array.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 0.125]) },
  ];
  d.anims = [
    { name: at.wave!, firstFrame: 0, frameCount: 2, frameRate: 24, flags: IQM_ANIM_LOOP },
    { name: at.idle!, firstFrame: 2, frameCount: 1, frameRate: 10, flags: 0 },
  ];
  d.frameCount = 3;
  d.frameChannelCount = 3;
  d.frames = Uint16Array.from([0, 2, 8, 4, 1, 0, 65535, 65535, 65535]);
  d.bounds = Float32Array.from({ length: 24 }, (_, i) => i - 12);
  d.comment = new TextEncoder().encode('made by hand\0');
  d.extensions = [
    { name: at['ext.a']!, data: Uint8Array.from([1, 2, 3]) },
    { name: at['ext.b']!, data: new Uint8Array(0) },
  ];
  return d;
}

const ARRAY_TYPES = [Int8Array, Uint8Array, Int16Array, Uint16Array, Int32Array, Uint32Array, Uint16Array, Float32Array, Float64Array] as const;

/**
 * A random valid document (every count consistent, every index in range) from `next`, a
 * uniform generator in [0, 1): random formats, sizes, custom names, masks, ranges and bytes.
 */
export function randomIqmDocument(next: () => number): IqmDocument {
  const int = (n: number) => Math.floor(next() * n);
  const names = Array.from({ length: 1 + int(5) }, (_, i) => `n${i}${'x'.repeat(int(4))}`);
  const { text, at } = textTable(names);
  const name = () => at[names[int(names.length)]!]!;
  const d = emptyIqmDocument();
  d.text = text;
  d.flags = int(3);
  d.vertexCount = int(20);
  d.vertexArrays = Array.from({ length: int(6) }, () => {
    const format = int(9) as IqmFormatCode;
    const size = 1 + int(4);
    const data = new ARRAY_TYPES[format](d.vertexCount * size) as IqmComponentArray;
    const bytes = new Uint8Array(data.buffer);
    for (let i = 0; i < bytes.length; i++) bytes[i] = int(256);
    if (data instanceof Float32Array || data instanceof Float64Array) for (let i = 0; i < data.length; i++) data[i] = (next() - 0.5) * 100;
    return { type: next() < 0.7 ? int(7) : IQM_CUSTOM + name(), flags: int(2), format, size, data };
  });
  const triangleCount = d.vertexCount ? int(10) : 0;
  d.triangles = Uint32Array.from({ length: triangleCount * 3 }, () => int(d.vertexCount));
  if (triangleCount && next() < 0.5) d.adjacency = Uint32Array.from({ length: triangleCount * 3 }, () => (next() < 0.3 ? 0xffffffff : int(triangleCount)));
  d.meshes = Array.from({ length: int(4) }, () => {
    const firstVertex = int(d.vertexCount + 1);
    const firstTriangle = int(triangleCount + 1);
    return { name: name(), material: name(), firstVertex, vertexCount: int(d.vertexCount - firstVertex + 1), firstTriangle, triangleCount: int(triangleCount - firstTriangle + 1) };
  });
  const float = () => Math.fround((next() - 0.5) * 10);
  d.joints = Array.from({ length: int(5) }, (_, i) => ({
    name: name(), parent: int(i + 1) - 1, translate: [float(), float(), float()], rotate: [float(), float(), float(), float()], scale: [float(), float(), float()],
  }));
  // Poses match the joints, or there are none (no animation), or there are no joints (animation only).
  const poseCount = d.joints.length ? (next() < 0.8 ? d.joints.length : 0) : int(4);
  d.poses = Array.from({ length: poseCount }, (_, i) => ({
    parent: d.joints[i]?.parent ?? int(i + 1) - 1,
    channelMask: int(1024),
    channelOffset: Float32Array.from({ length: 10 }, float),
    channelScale: Float32Array.from({ length: 10 }, float),
  }));
  d.frameCount = poseCount ? int(7) : 0;
  d.frameChannelCount = d.poses.reduce((sum, p) => sum + channelCount(p.channelMask), 0);
  d.frames = Uint16Array.from({ length: d.frameCount * d.frameChannelCount }, () => int(65536));
  d.anims = Array.from({ length: d.frameCount ? int(3) : 0 }, () => {
    const firstFrame = int(d.frameCount + 1);
    return { name: name(), firstFrame, frameCount: int(d.frameCount - firstFrame + 1), frameRate: float(), flags: int(2) };
  });
  if (d.frameCount && next() < 0.5) d.bounds = Float32Array.from({ length: d.frameCount * 8 }, float);
  d.comment = Uint8Array.from({ length: int(8) }, () => int(256));
  d.extensions = Array.from({ length: int(3) }, () => ({ name: name(), data: Uint8Array.from({ length: int(6) }, () => int(256)) }));
  return d;
}
