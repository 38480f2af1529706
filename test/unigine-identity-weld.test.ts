// A surface whose corners map one-to-one onto its vertices in first-use order (every cindex equal
// to its tindex, new tindices always the next one, every vertex used) skips the weld and the
// per-vertex gathers (weld-corners.ts: identityWeld). Its Asset must be bit for bit the Asset the
// general weld gives: the same surface with its coordinate vertices (and skin records) shuffled,
// which the identity check refuses, parses to the same Asset on every backend; and surfaces that
// are almost the identity (a first use out of order, an unused vertex, an index past the end)
// take the general path with its result and its errors.
import { describe, expect, it } from 'vitest';
import { assetToUnigine, parseUnigine, unigineToAsset, writeUnigine, type UnigineMeshDocument, type UnigineSurface } from '../bindings/formats/unigine/index.js';
import { readUnigineStaged } from '../bindings/formats/unigine/read-document.js';
import { surfaceSource } from '../bindings/formats/unigine/stored-arrays.js';
import { weldCorners } from '../bindings/formats/unigine/weld-corners.js';
import { MeshFormatError } from '../bindings/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';

const kernels = allKernels();

/** Every typed array of a value as its bytes (NaN payloads included), the rest as it is. */
function bytesOf(value: unknown): unknown {
  if (ArrayBuffer.isView(value)) return [value.constructor.name, Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')];
  if (Array.isArray(value)) return value.map(bytesOf);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, bytesOf(v)]));
  return value;
}

/** Skin records of `surface` per coordinate vertex: [count, bones, values]. */
function skinRecords(surface: UnigineSurface): [number, number[], number[]][] {
  const records: [number, number[], number[]][] = [];
  let w = 0;
  for (const n of surface.weightCounts) {
    records.push([n, [...surface.weightBones.subarray(w, w + n)], [...surface.weightValues.subarray(w, w + n)]]);
    w += n;
  }
  return records;
}

function setSkinRecords(surface: UnigineSurface, records: [number, number[], number[]][]): void {
  surface.weightCounts = Uint8Array.from(records.map((r) => r[0]));
  surface.weightBones = Int16Array.from(records.flatMap((r) => r[1]));
  surface.weightValues = Uint16Array.from(records.flatMap((r) => r[2]));
}

/**
 * The tube's document with its vertices renumbered in first-use order, so that its cindices =
 * tindices make the identity weld; `extra` coordinate and triangle vertices appended unused.
 */
function identityDocument(seed: number, extra = 0): UnigineMeshDocument {
  const rings = 3 + (seed % 5);
  const asset = tubeAsset({ rings, segments: 4 + (seed % 7), frames: 2 });
  const doc = assetToUnigine(asset, { kernels: kernels.js }, 'copy').document as UnigineMeshDocument;
  const s = doc.surfaces[0]!;
  const count = s.targets[0]!.vertices.length / 3;
  const order: number[] = [];
  const newOf = new Int32Array(count).fill(-1);
  for (const i of s.cindices) if (newOf[i]! < 0) newOf[i] = order.push(i) - 1;
  for (let v = 0; v < count; v++) if (newOf[v]! < 0) newOf[v] = order.push(v) - 1;
  for (let k = 0; k < extra; k++) order.push(k);
  const pick = <T extends Float32Array | Int16Array>(array: T, components: number): T => {
    const out = new (array.constructor as new (n: number) => T)(order.length * components);
    order.forEach((v, i) => out.set(array.subarray(v * components, (v + 1) * components), i * components));
    return out;
  };
  s.targets[0]!.vertices = pick(s.targets[0]!.vertices, 3);
  s.targets[0]!.tangents = pick(s.targets[0]!.tangents, 4);
  s.uv0 = pick(s.uv0, 2);
  const records = skinRecords(s);
  setSkinRecords(s, order.map((v) => records[v]!));
  const indices = s.cindices.map((i) => newOf[i]!);
  s.cindices = indices;
  s.tindices = indices.slice();
  return doc;
}

/** The same surface with its coordinate vertices at shuffled places (cindices follow): the same Asset through the general weld. */
function shuffledCoordinates(doc: UnigineMeshDocument, seed: number): UnigineMeshDocument {
  const copy = structuredClone(doc);
  const s = copy.surfaces[0]!;
  const count = s.targets[0]!.vertices.length / 3;
  const next = rng(seed);
  const place = Array.from({ length: count }, (_, i) => i);
  for (let i = count - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [place[i], place[j]] = [place[j]!, place[i]!];
  }
  const vertices = new Float32Array(count * 3);
  for (let v = 0; v < count; v++) vertices.set(s.targets[0]!.vertices.subarray(v * 3, v * 3 + 3), place[v]! * 3);
  s.targets[0]!.vertices = vertices;
  const records = skinRecords(s);
  const moved = new Array<[number, number[], number[]]>(count);
  records.forEach((r, v) => (moved[place[v]!] = r));
  setSkinRecords(s, moved);
  s.cindices = s.cindices.map((i) => place[i]!);
  return copy;
}

function identityOf(bytes: Uint8Array): boolean {
  const s = (readUnigineStaged(bytes) as UnigineMeshDocument).surfaces[0]!;
  const welded = weldCorners(kernels.js, surfaceSource(s, 'cindices'), surfaceSource(s, 'tindices'), s.targets[0]!.vertices.length / 3, s.targets[0]!.tangents.length / 4);
  return typeof welded === 'object' && welded.identity;
}

describe('UNIGINE identity weld', () => {
  it('gives the Asset of the general weld, bit for bit, on every backend', () => {
    for (let seed = 0; seed < 12; seed++) {
      const doc = identityDocument(seed);
      const identity = writeUnigine(doc, kernels.js);
      const general = writeUnigine(shuffledCoordinates(doc, seed + 100), kernels.js);
      expect(identityOf(identity)).toBe(true);
      expect(identityOf(general)).toBe(false);
      const expected = bytesOf(parseUnigine(general, { kernels: kernels.js }));
      // A document in memory whose index arrays are wider than the Mesh keeps: checked after widening, in the workspace.
      const wide = structuredClone(doc);
      const ws = wide.surfaces[0]!;
      ws.cindices = Uint32Array.from(ws.cindices);
      ws.tindices = Uint32Array.from(ws.tindices);
      const welded = weldCorners(kernels.js, surfaceSource(ws, 'cindices'), surfaceSource(ws, 'tindices'), ws.targets[0]!.vertices.length / 3, ws.targets[0]!.tangents.length / 4);
      expect(typeof welded === 'object' && welded.identity).toBe(true);
      for (const backend of BACKENDS) {
        expect(bytesOf(parseUnigine(identity, { kernels: kernels[backend] }))).toEqual(expected);
        expect(bytesOf(parseUnigine(general, { kernels: kernels[backend] }))).toEqual(expected);
        const fromMemory = unigineToAsset(wide, { kernels: kernels[backend] });
        expect(bytesOf({ ...fromMemory, warnings: [] })).toEqual({ ...(expected as object), warnings: [] });
      }
    }
  });

  it('leaves almost-identity surfaces to the general weld: the same Asset and errors on every backend', () => {
    for (let seed = 0; seed < 6; seed++) {
      const variants: [string, UnigineMeshDocument][] = [];
      // A vertex no corner uses, past the last one used.
      variants.push(['unused vertex', identityDocument(seed, 1)]);
      // Two corners' first uses swapped (so a new tindex skips one).
      const swapped = identityDocument(seed);
      const t = swapped.surfaces[0]!.tindices;
      [t[0], t[1]] = [t[1]!, t[0]!];
      swapped.surfaces[0]!.cindices = t.slice();
      variants.push(['first uses out of order', swapped]);
      // An index past the end of both vertex lists, where the next first use is expected.
      const past = identityDocument(seed);
      const last = past.surfaces[0]!.tindices.length - 1;
      past.surfaces[0]!.tindices[last] = past.surfaces[0]!.targets[0]!.tangents.length / 4;
      past.surfaces[0]!.cindices[last] = past.surfaces[0]!.tindices[last]!;
      variants.push(['index past the end', past]);
      for (const [name, doc] of variants) {
        const bytes = writeUnigine(doc, kernels.js);
        expect(identityOf(bytes), name).toBe(false);
        const outcomes = BACKENDS.map((backend) => {
          try {
            return bytesOf(parseUnigine(bytes, { kernels: kernels[backend] }));
          } catch (error) {
            expect(error, name).toBeInstanceOf(MeshFormatError);
            const e = error as MeshFormatError;
            return { code: e.code, offset: e.offset, message: e.message };
          }
        });
        expect(outcomes[1], name).toEqual(outcomes[0]);
        expect(outcomes[2], name).toEqual(outcomes[0]);
        if (name === 'index past the end') expect(outcomes[0], name).toMatchObject({ code: 'BAD_INDEX' });
      }
    }
  });
});
