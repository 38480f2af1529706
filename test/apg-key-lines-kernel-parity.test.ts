// blankKeyLines (assembly/key-lines.ts, the apg reader's key-block scan): wasm-simd, wasm-scalar
// and the TypeScript twin give the same line count and the same blanked text, for key blocks as
// writers make them and for mutations of them (wrong words, field counts, blank lines, no final
// newline, tabs, \r\n), called on arrays outside WebAssembly memory (staged in and copied back).
import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';

const kernels = allKernels();
const bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const ROT = 0x746f72; // "rot", little-endian

function block(keys: number, components: number, word = 'rot'): string {
  let text = '';
  for (let k = 0; k < keys; k++) text += `\tt ${k / 30} ${word} ${Array.from({ length: components }, (_, c) => (k * 0.25 - c).toFixed(3)).join(' ')}\n`;
  return text;
}

const PIECES = ['t', ' ', '\n', '\r\n', '\t', 'rot', 'ro', 'rots', '1.5', 'x', '\n\n', 'tt', '-'];

function mutate(text: string, next: () => number): string {
  let out = text;
  for (let m = 1 + Math.floor(next() * 2); m > 0; m--) {
    const at = Math.floor(next() * (out.length + 1));
    out = next() < 0.6 ? out.slice(0, at) + PIECES[Math.floor(next() * PIECES.length)]! + out.slice(at) : out.slice(0, at) + out.slice(at + 1 + Math.floor(next() * 3));
  }
  return out;
}

function outcomes(text: string, fields: number): { lines: number; text: string }[] {
  return BACKENDS.map((b) => {
    const t = bytes(text);
    const lines = kernels[b].raw.blankKeyLines(t, ROT, fields);
    return { lines, text: String.fromCharCode(...t) };
  });
}

describe('blankKeyLines on every backend', () => {
  it('writer-made blocks: every line counted, t and the word blanked, the numbers left', () => {
    for (const keys of [0, 1, 2, 17, 300]) {
      const text = block(keys, 4);
      const [simd, scalar, js] = outcomes(text, 7);
      expect(js!.lines).toBe(keys);
      expect(js!.text).toBe(text.replace(/\bt /g, '  ').replace(/ rot /g, '     '));
      expect(simd).toEqual(js);
      expect(scalar).toEqual(js);
    }
    // No final newline, blank lines, tabs and \r\n.
    for (const text of [block(3, 4).trimEnd(), `\n\n${block(2, 4)}\n  \n`, block(3, 4).replace(/\n/g, '\r\n')]) {
      const [simd, scalar, js] = outcomes(text, 7);
      expect(simd).toEqual(js);
      expect(scalar).toEqual(js);
      expect(js!.lines).toBeGreaterThan(0);
    }
  });

  it('500 mutations: the same count (or −1) and the same bytes on every backend', () => {
    const next = rng(11);
    let refused = 0;
    for (let n = 0; n < 500; n++) {
      const text = mutate(block(1 + Math.floor(next() * 6), 4), next);
      const [simd, scalar, js] = outcomes(text, 7);
      if (js!.lines < 0) refused++;
      expect(simd, JSON.stringify(text)).toEqual(js);
      expect(scalar, JSON.stringify(text)).toEqual(js);
    }
    expect(refused).toBeGreaterThan(50);
    expect(refused).toBeLessThan(490);
  });
});
