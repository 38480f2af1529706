import { describe, expect, it } from 'vitest';
import { ByteReader } from '../bindings/io/byte-reader.js';
import { ByteWriter } from '../bindings/io/byte-writer.js';
import { MeshFormatError } from '../bindings/io/errors.js';
import { readCompactInt, writeCompactInt } from '../bindings/formats/unigine/compact-int.js';
import { readUnigine } from '../bindings/formats/unigine/read-document.js';
import { readMesh } from '../bindings/formats/unigine/read-mesh.js';
import { readAnim } from '../bindings/formats/unigine/read-anim.js';
import { writeUnigine } from '../bindings/formats/unigine/write-document.js';
import { CORPUS_SKIP_MESSAGE, corpusAvailable, corpusFiles, readCorpus } from './helpers/corpus.js';

const hex = (s: string) => new Uint8Array(s.split(' ').map((h) => parseInt(h, 16)));

function encode(value: number): Uint8Array {
  const w = new ByteWriter();
  writeCompactInt(w, value);
  return w.finish();
}

function decode(bytes: Uint8Array): number {
  return readCompactInt(new ByteReader(bytes, 'unigine'), 'value');
}

function thrown(fn: () => unknown): MeshFormatError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(MeshFormatError);
    return e as MeshFormatError;
  }
  throw new Error('expected a MeshFormatError');
}

describe('UNIGINE compact integers', () => {
  const table: [number, string][] = [
    [0, '00'],
    [50, '32'],
    [64, '80 01'],
    [70, '86 01'],
    [169, 'a9 02'],
    [10065, '91 9d 01'],
    [187221, '95 ed 16'],
    [-1, '41'],
    [-63, '7f'],
    [-64, 'c0 01'],
    [-187221, 'd5 ed 16'],
    [2147483647, 'bf ff ff ff 0f'],
    [-2147483647, 'ff ff ff ff 0f'],
  ];

  it.each(table)('%d <-> %s (shortest form on write)', (value, bytes) => {
    expect(Array.from(encode(value))).toEqual(Array.from(hex(bytes)));
    expect(decode(hex(bytes))).toBe(value);
  });

  it('round-trips every magnitude boundary, both signs', () => {
    for (let bits = 0; bits <= 31; bits++) {
      for (const m of [2 ** bits - 1, 2 ** bits, 2 ** bits + 1]) {
        if (m > 0x7fffffff) continue;
        for (const v of m === 0 ? [0] : [m, -m]) {
          const bytes = encode(v);
          expect(decode(bytes)).toBe(v);
          expect(bytes.length).toBe(m < 64 ? 1 : m < 2 ** 13 ? 2 : m < 2 ** 20 ? 3 : m < 2 ** 27 ? 4 : 5);
        }
      }
    }
  });

  it('accepts a longer-than-needed form on read', () => {
    expect(decode(hex('81 00'))).toBe(1);
  });

  it('rejects more than 5 bytes and values beyond 32 bits, at the integer offset', () => {
    expect(thrown(() => decode(hex('80 80 80 80 80 00'))).code).toBe('BAD_VALUE');
    const beyond = thrown(() => decode(hex('80 80 80 80 10')));
    expect(beyond.code).toBe('BAD_VALUE');
    expect(beyond.offset).toBe(0);
    expect(thrown(() => decode(hex('80 80'))).code).toBe('TRUNCATED');
  });
});

describe.skipIf(!corpusAvailable)('UNIGINE documents on the corpus', () => {
  const files = corpusFiles('unigine', ['.mesh', '.anim']).filter((f) => !f.includes('ms10'));

  it('finds the 18 ms11/an10 files', () => {
    expect(files.length).toBe(18);
  });

  it.each(files)('%s: reading then writing gives the same bytes', (file) => {
    const bytes = readCorpus('unigine', file);
    const out = writeUnigine(readUnigine(bytes));
    expect(out.length).toBe(bytes.length);
    expect(Buffer.from(out).equals(Buffer.from(bytes))).toBe(true);
  });

  it('reads the stored facts of Box47.mesh: int32 indices, two surfaces', () => {
    const doc = readMesh(readCorpus('unigine', 'Box47.mesh'));
    expect(doc.bones.length).toBe(0);
    expect(doc.surfaces.map((s) => [s.name, s.targets[0]!.vertices.length / 3, s.targets[0]!.tangents.length / 4, s.cindices.length])).toEqual([
      ['initialShadingGroup', 10065, 21422, 41688],
      ['jianzhu_initialShadingGroup', 34349, 71742, 187221],
    ]);
    expect(doc.surfaces[1]!.uv0.length / 2).toBe(71742);
    // Index widths as stored, each stream by its own count: 34349 coordinate vertices (2 bytes), 71742 triangle vertices (4).
    expect(doc.surfaces.map((s) => [s.cindices.BYTES_PER_ELEMENT, s.tindices.BYTES_PER_ELEMENT])).toEqual([[2, 2], [2, 4]]);
    expect(readMesh(readCorpus('unigine', 'fps_plane.mesh')).surfaces[0]!.cindices).toBeInstanceOf(Uint8Array);
  });

  it('reads the animation facts of arm.mesh and arm.anim', () => {
    const mesh = readMesh(readCorpus('unigine', 'arm.mesh'));
    expect(mesh.bones.length).toBe(40);
    expect(mesh.animations.map((a) => [a.name, a.boneIndices.length, a.frameCount, a.mask])).toEqual([['scene', 40, 1, 127]]);
    expect(mesh.surfaces.map((s) => s.weightCounts.length)).toEqual([222, 348, 2092]);
    const anim = readAnim(readCorpus('unigine', 'arm.anim'));
    expect(anim.animations.map((a) => [a.name, a.boneIndices.length, a.frameCount])).toEqual([['Take 001', 40, 189]]);
    expect(anim.bounds).toEqual({ min: [1e9, 1e9, 1e9], max: [-1e9, -1e9, -1e9], center: [0, 0, 0], radius: -1 });
    // Frame 0 stores every channel.
    expect(Array.from(new Set(anim.animations[0]!.flags.subarray(0, 40)))).toEqual([127]);
  });

  it('refuses ms10 clearly', () => {
    const e = thrown(() => readUnigine(readCorpus('unigine', 'editor_box_ms10.mesh')));
    expect(e.code).toBe('UNSUPPORTED_VERSION');
    expect(e.message).toMatch(/"ms10" is unsupported/);
    expect(e.offset).toBe(0);
  });

  it('reports truncation with the byte offset at every cut of a small file', () => {
    const bytes = readCorpus('unigine', 'fps_plane.mesh');
    for (let cut = 0; cut < bytes.length; cut++) {
      const e = thrown(() => readUnigine(bytes.subarray(0, cut)));
      expect(['TRUNCATED', 'BAD_COUNT', 'BAD_MAGIC']).toContain(e.code);
      expect(e.offset).toBeLessThanOrEqual(cut);
    }
  });

  it('reports a missing trailing magic and trailing bytes', () => {
    const bytes = readCorpus('unigine', 'fps_plane.mesh');
    const broken = bytes.slice();
    broken[broken.length - 1] = 0x78;
    const e = thrown(() => readUnigine(broken));
    expect(e.code).toBe('BAD_MAGIC');
    expect(e.offset).toBe(bytes.length - 4);
    const longer = new Uint8Array(bytes.length + 3);
    longer.set(bytes);
    expect(thrown(() => readUnigine(longer)).code).toBe('TRAILING_DATA');
  });

  it('reports a bone parent out of range at its offset', () => {
    const bytes = readCorpus('unigine', 'arm.anim').slice();
    // Bounds end at 44; bone count (compact, 1 byte) at 44; first name length at 45.
    const nameLength = bytes[45]!;
    const parentAt = 46 + nameLength;
    new DataView(bytes.buffer).setInt16(parentAt, 40, true);
    const e = thrown(() => readUnigine(bytes));
    expect(e.code).toBe('BAD_INDEX');
    expect(e.offset).toBe(parentAt);
    expect(e.message).toMatch(/parent 40/);
  });
});

describe('UNIGINE magics', () => {
  it.each(['ms14', 'ms10', 'an11'])('%s is an unsupported version', (magic) => {
    const e = thrown(() => readUnigine(new TextEncoder().encode(`${magic}rest of file`)));
    expect(e.code).toBe('UNSUPPORTED_VERSION');
    expect(e.message).toContain(magic);
    expect(e.message).toMatch(/unsupported/);
  });

  it('anything else is a bad magic', () => {
    expect(thrown(() => readUnigine(new TextEncoder().encode('glTF....'))).code).toBe('BAD_MAGIC');
    expect(thrown(() => readUnigine(new Uint8Array(2))).code).toBe('TRUNCATED');
  });

  it('bone parents that form a loop are refused at the parent field', () => {
    const w = new ByteWriter();
    w.ascii('an10').f32Array(new Float32Array(10));
    writeCompactInt(w, 3);
    for (const [name, parent] of [['a', -1], ['b', 2], ['c', 1]] as const) {
      writeCompactInt(w, 2);
      w.ascii(name).u8(0).i16(parent);
    }
    const e = thrown(() => readUnigine(w.finish()));
    expect(e.code).toBe('BAD_VALUE');
    expect(e.message).toMatch(/loop/);
    expect(e.offset).toBe(44 + 1 + 5 + 3); // bone 1's parent field
  });

  it('a count larger than the bytes left is refused before allocating', () => {
    const w = new ByteWriter();
    w.ascii('ms11').f32Array(new Float32Array(10));
    writeCompactInt(w, 2_000_000_000);
    const e = thrown(() => readUnigine(w.finish()));
    expect(e.code).toBe('BAD_COUNT');
    expect(e.offset).toBe(44);
  });
});
