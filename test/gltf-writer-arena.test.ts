import { describe, expect, it } from 'vitest';
import { ARENA_DEFAULTS, withWriterArena, writerFloat32, writerFloat64, writerInt16, writerInt8, writerUint16, writerUint32, writerUint8 } from '../bindings/formats/gltf/writer-arena.js';
import { glbFormat, initMeshopt, type Asset } from '../bindings/index.js';
import { allKernels, BACKENDS } from './helpers/backends.js';

const MAKERS = [writerUint8, writerInt8, writerUint16, writerInt16, writerUint32, writerFloat32, writerFloat64] as const;

describe('writer arena (one writer call\'s typed arrays cut from shared chunks)', () => {
  it('outside a writer call, makes arrays of their own', () => {
    for (const make of MAKERS) {
      const a = make(100);
      expect(a.length).toBe(100);
      expect(a.byteOffset).toBe(0);
      expect(a.buffer.byteLength).toBe(a.byteLength);
    }
  });

  it('inside one, gives zeroed, aligned, disjoint views of shared chunks for arrays past 64 bytes and up to a quarter chunk', () => {
    withWriterArena(() => {
      const made = [];
      for (let k = 0; k < 200; k++) {
        const make = MAKERS[k % MAKERS.length]!;
        const length = 5 + ((k * 37) % 400);
        const a = make(length);
        expect(a.length).toBe(length);
        expect(a.every((v) => v === 0)).toBe(true);
        expect(a.byteOffset % 8).toBe(0);
        if (a.byteLength > 64 && a.byteLength <= ARENA_DEFAULTS.chunkBytes / 4) expect([ARENA_DEFAULTS.firstChunkBytes, ARENA_DEFAULTS.chunkBytes]).toContain(a.buffer.byteLength);
        else expect(a.buffer.byteLength).toBe(a.byteLength);
        a.fill(k % 2 ? -1 : 1);
        made.push({ a, k });
      }
      // Every array kept its own values: no two share bytes.
      for (const { a, k } of made) expect(a.every((v) => v === (k % 2 ? (a instanceof Uint8Array || a instanceof Uint16Array || a instanceof Uint32Array ? 2 ** (8 * a.BYTES_PER_ELEMENT) - 1 : -1) : 1))).toBe(true);
      // Past a quarter chunk: an array of its own.
      const big = writerFloat32(ARENA_DEFAULTS.chunkBytes / 4 / 4 + 1);
      expect(big.buffer.byteLength).toBe(big.byteLength);
    });
  });

  it('restores the arena before (none, or the outer call\'s) when a call ends or throws', () => {
    let outer: ArrayBufferLike | undefined;
    withWriterArena(() => {
      outer = writerUint8(100).buffer;
      withWriterArena(() => {
        expect(writerUint8(100).buffer).not.toBe(outer);
      });
      expect(writerUint8(100).buffer).toBe(outer);
      expect(() => withWriterArena(() => { throw new Error('inner'); })).toThrow('inner');
      expect(writerUint8(100).buffer).toBe(outer);
    });
    expect(writerUint8(100).buffer.byteLength).toBe(100);
  });

  it('a call that releases its arena gives its chunks to the next call, zeroed again; one that does not keeps them', () => {
    let first: ArrayBufferLike | undefined;
    withWriterArena(() => {
      const a = writerUint8(1000);
      a.fill(0xff);
      first = a.buffer;
    }, true);
    withWriterArena(() => {
      const b = writerUint8(1000);
      expect(b.buffer).toBe(first);
      expect(b.every((v) => v === 0)).toBe(true);
      b.fill(0xee);
    });
    // Not released: the next call makes a chunk of its own.
    withWriterArena(() => {
      expect(writerUint8(1000).buffer).not.toBe(first);
    });
  });

  it.each(BACKENDS)('%s: a GLB written after another is the same bytes as written first: no call sees another call\'s arrays', async (backend) => {
    await initMeshopt();
    const kernels = allKernels()[backend];
    const quad = (shift: number): Asset => ({
      source: 'test',
      meshes: Array.from({ length: 8 }, (_, m) => ({
        name: `m${m}`,
        attributes: {
          positions: Float32Array.from({ length: 60 }, (_, i) => Math.sin(i * 0.7 + m + shift) * 10),
          normals: Float32Array.from({ length: 60 }, (_, i) => (i % 3 === 2 ? 1 : 0)),
          uvs: [Float32Array.from({ length: 40 }, (_, i) => ((i * 0.13 + m + shift) % 1 + 1) % 1)],
        },
        indices: Uint16Array.from({ length: 54 }, (_, i) => (i * 7 + m) % 20),
      })),
      animations: [],
      warnings: [],
    });
    const options = { quantize: true, compress: 'meshopt', textures: 'embed', kernels } as const;
    const first = glbFormat.encodeSync(quad(0), options);
    glbFormat.encodeSync(quad(1), options);
    expect(glbFormat.encodeSync(quad(0), options)).toEqual(first);
  });
});
