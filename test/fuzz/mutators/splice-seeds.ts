// Sections spliced between real files of one format: a byte range of another seed (or of the
// same one) inserted into, or written over, the input. For text formats the ranges are whole
// lines, so that the result is mostly well-formed text with foreign tables in it.
import { choose, encodeUtf8, pick, spliceBytes, utf8, type Mutator } from './mutator.js';

const TEXT_FORMATS = new Set(['gltf', 'tf', 'apg']);

export const spliceSeeds: Mutator = {
  name: 'splice-seeds',
  formats: ['unigine', 'iqm', 'glb', 'gltf', 'tf', 'apg', 'ms2'],
  mutate(input, next) {
    const donorSeed = choose(next, input.seeds);
    // A companion splices from companions (a blob into a blob), a main file from main files.
    const donor = input.file.endsWith('.blob') ? donorSeed.companions?.[0]?.bytes : donorSeed.bytes;
    if (!donor?.length || !input.bytes.length) return undefined;
    if (TEXT_FORMATS.has(input.format) && !input.file.endsWith('.blob')) {
      const lines = utf8(input.bytes).split('\n');
      const donorLines = utf8(donor).split('\n');
      const from = pick(next, donorLines.length);
      const taken = donorLines.slice(from, from + 1 + pick(next, 12));
      const at = pick(next, lines.length + 1);
      lines.splice(at, next() < 0.5 ? 0 : Math.min(taken.length, lines.length - at), ...taken);
      return encodeUtf8(lines.join('\n'));
    }
    const from = pick(next, donor.length);
    const length = 1 + pick(next, Math.min(4096, donor.length - from));
    const piece = donor.subarray(from, from + length);
    // Offsets aligned to 4 half the time: sections of binary formats start on word boundaries.
    const align = (n: number) => (next() < 0.5 ? n & ~3 : n);
    const at = align(pick(next, input.bytes.length + 1));
    return spliceBytes(input.bytes, at, next() < 0.5 ? 0 : Math.min(piece.length, input.bytes.length - at), piece);
  },
};
