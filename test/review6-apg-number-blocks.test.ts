// Review of round six's apg printing (number-blocks.ts over the formatFloatRows / formatKeyLines
// kernels and their twin): through the writer's own sink, on every backend, blocks cut into
// several kernel calls (64k values each) print every value as formatFloat32Shortest does, and
// key lines as `t TIME WORD v…`. The values are chosen where the kernels could go wrong: the same
// bits printed again in the same call and in the next call (the direct-mapped cache, whose
// entries of an earlier call are stale), in two columns of one row, across the chunk boundary;
// 0 and −0 (printed without the cache); NaNs of every payload ("nan"); ±infinity; and the longest
// texts a float32 has (16 bytes, "-0.0000017979122": the wasm cache copies 16 bytes a hit).
import { describe, expect, it } from 'vitest';
import { formatFloat32Shortest } from '../bindings/formats/apg/format-number.js';
import { writeFloatRows, writeKeyLines } from '../bindings/formats/apg/number-blocks.js';
import { TextSink } from '../bindings/formats/apg/text-sink.js';
import { allKernels, BACKENDS, NAN_BITS, rng } from './helpers/backends.js';

const kernels = allKernels();
const decode = (sink: TextSink) => new TextDecoder().decode(sink.reserve(0).subarray(0, sink.length));

/** Bits of hostile values: random words, repeats of earlier ones (near and far), zeros, NaNs, infinities, 16-byte texts. */
function hostileValues(count: number, seed: number): Float32Array {
  const next = rng(seed);
  const word = () => (next() * 2 ** 32) >>> 0;
  const bits = new Uint32Array(count);
  const long = [0xb5f14fcb, 0x35f14fcb]; // -0.0000017979122 and its positive (16 and 15 bytes)
  for (let i = 0; i < count; i++) {
    const r = next();
    if (r < 0.3) bits[i] = word();
    else if (r < 0.45 && i > 0) bits[i] = bits[i - 1 - Math.floor(next() * Math.min(i, 8))]!; // the same row or the one before
    else if (r < 0.6 && i > 0) bits[i] = bits[Math.floor(next() * i)]!; // anywhere before, other chunks included
    else if (r < 0.65) bits[i] = next() < 0.5 ? 0 : 0x80000000;
    else if (r < 0.7) bits[i] = NAN_BITS[Math.floor(next() * NAN_BITS.length)]!;
    else if (r < 0.72) bits[i] = next() < 0.5 ? 0x7f800000 : 0xff800000;
    else if (r < 0.8) bits[i] = long[Math.floor(next() * 2)]!;
    else if (r < 0.9) bits[i] = ((word() & 0x807fffff) | 0x35800000) >>> 0; // about 1e-6: the longest plain texts
    else bits[i] = new Uint32Array(new Float32Array([Math.round(next() * 2000 - 1000) / 100]).buffer)[0]!;
  }
  return new Float32Array(bits.buffer);
}

function rowsText(values: Float32Array, width: number): string {
  let out = '';
  for (let i = 0; i < values.length; i += width) {
    const row: string[] = [];
    for (let c = 0; c < width; c++) row.push(formatFloat32Shortest(values[i + c]!));
    out += row.join(' ') + '\n';
  }
  return out;
}

function keyText(times: Float32Array, values: Float32Array, components: number, word: string): string {
  let out = '';
  for (let k = 0; k < times.length; k++) {
    const row = ['t', formatFloat32Shortest(times[k]!), word];
    for (let c = 0; c < components; c++) row.push(formatFloat32Shortest(values[k * components + c]!));
    out += row.join(' ') + '\n';
  }
  return out;
}

function firstDifference(a: string, b: string): string {
  const x = a.split('\n'), y = b.split('\n');
  for (let i = 0; i < Math.max(x.length, y.length); i++) if (x[i] !== y[i]) return `line ${i + 1}: ${JSON.stringify(x[i])} vs ${JSON.stringify(y[i])}`;
  return 'none';
}

describe('apg number blocks across kernel calls', () => {
  // 3 × 70,001 values: four calls of whole rows; 16-wide rows: a row never split.
  for (const [width, rows] of [[3, 70_001], [16, 9_000], [1, 140_000]] as const) {
    it(`rows of ${width} (${rows} rows) print as formatFloat32Shortest on every backend`, () => {
      const values = hostileValues(width * rows, width * 1000 + rows);
      const expected = rowsText(values, width);
      for (const backend of BACKENDS) {
        const sink = new TextSink();
        sink.text('@vp comps 3\n'); // text before the block: the kernels' positions are not the sink's
        writeFloatRows(sink, kernels[backend], values, width);
        const got = decode(sink).slice('@vp comps 3\n'.length);
        expect(got === expected, `${backend}: ${firstDifference(got, expected)}`).toBe(true);
      }
    });
  }

  for (const [word, components] of [['TRA', 3], ['ROT', 4]] as const) {
    it(`${word} key lines over several calls print as formatFloat32Shortest on every backend`, () => {
      const keys = 40_000;
      const times = hostileValues(keys, 7 + components);
      const values = hostileValues(keys * components, 11 + components);
      const expected = keyText(times, values, components, word);
      for (const backend of BACKENDS) {
        const sink = new TextSink(16);
        writeKeyLines(sink, kernels[backend], times, values, components, word);
        const got = decode(sink);
        expect(got === expected, `${backend}: ${firstDifference(got, expected)}`).toBe(true);
      }
    });
  }

  it('the same value twice in a row, in one call and in the next, at the longest text length', () => {
    const long = new Float32Array(new Uint32Array([0xb5f14fcb, 0xb5f14fcb, 0x80000000, 0, 0xb5f14fcb, 0x7fc12345]).buffer);
    expect(formatFloat32Shortest(long[0]!)).toHaveLength(16);
    for (const backend of BACKENDS) {
      const sink = new TextSink();
      writeFloatRows(sink, kernels[backend], long, 2);
      writeFloatRows(sink, kernels[backend], long, 3);
      expect(decode(sink), backend).toBe(rowsText(long, 2) + rowsText(long, 3));
    }
  });
});
