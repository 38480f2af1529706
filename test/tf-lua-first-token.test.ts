// luaparse throws a TypeError (not its SyntaxError) when the first token of the text cannot be
// lexed: the TF reader must still refuse it as SYNTAX with its line:column, on every backend.
import { describe, expect, it } from 'vitest';
import { tfFormat } from '../bindings/index.js';
import { allKernels, BACKENDS } from './helpers/backends.js';

const kernels = allKernels();
const cases: [string, number][] = [['@', 1], ['$function data() return {} end', 1], ['\0', 1], ['\x01', 1], ['`', 1], ['   @', 4], ['\n\n  $', 3]];

describe('a Lua text whose first token cannot be lexed is SYNTAX with its position', () => {
  for (const backend of BACKENDS) {
    it.each(cases)(`%j (${backend})`, (text, column) => {
      const bytes = new TextEncoder().encode(text);
      expect(() => tfFormat.parseSync(bytes, { fileName: 'x.msh', kernels: kernels[backend] })).toThrow(expect.objectContaining({ code: 'SYNTAX', format: 'tf', column }));
    });
  }
  it('a 70,000-byte file of zeros is refused the same way', () => {
    expect(() => tfFormat.parseSync(new Uint8Array(70_000), { fileName: 'x.msh' })).toThrow(expect.objectContaining({ code: 'SYNTAX', line: 1, column: 1 }));
  });
});

describe('comments end at \\r as luaparse ends them, so the nesting limit holds', () => {
  it('a table 20,000 deep after a comment ended by \\r is BAD_COUNT, not a stack overflow; 100 deep is refused too', () => {
    for (const depth of [100, 20_000]) {
      const text = `-- c\rlocal a = ${'{'.repeat(depth)}1${'}'.repeat(depth)}\nfunction data() return {} end`;
      for (const backend of BACKENDS) {
        expect(() => tfFormat.parseSync(new TextEncoder().encode(text), { fileName: 'x.msh', kernels: kernels[backend] })).toThrow(expect.objectContaining({ code: 'BAD_COUNT', format: 'tf' }));
      }
    }
  });
});

describe('an .ani keeps its duration through read → write → read', () => {
  it('101 keys 10 ms apart (1 s) stay 1 s long, with no key added, however often rewritten through the Asset', () => {
    const keys = 101;
    const asset = {
      source: 'test', meshes: [], warnings: [] as string[],
      skeleton: { joints: [{ name: 'x', parent: -1, translation: [0, 0, 0] as [number, number, number], rotation: [0, 0, 0, 1] as [number, number, number, number], scale: [1, 1, 1] as [number, number, number] }] },
      animations: [{ name: 'x', frameRate: 100, frameCount: keys, tracks: [{ joint: 0, times: Float32Array.from({ length: keys }, (_, k) => k / 100), translation: Float32Array.from({ length: keys * 3 }, (_, i) => i) }] }],
    };
    let bytes = tfFormat.encodeFiles!(asset, 'x.ani')[0]!.bytes;
    for (let round = 0; round < 3; round++) {
      const back = tfFormat.parseSync(bytes, { fileName: 'x.ani' });
      const times = back.animations[0]!.tracks[0]!.times;
      expect(times.length).toBe(keys);
      expect(times[keys - 1]).toBeCloseTo(1, 6);
      bytes = tfFormat.encodeFiles!(back, 'x.ani')[0]!.bytes;
    }
  });
});
