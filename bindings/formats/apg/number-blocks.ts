// The apg writer's number blocks (vertex rows, key lines) in their shortest form, printed by the
// formatFloatRows / formatKeyLines kernels. On a WebAssembly backend the values are staged into
// a workspace, the kernel writes the text there, and the text is copied into the sink once; on
// the js backend the twin writes straight into the sink. Blocks are cut into chunks of whole
// rows, so the workspace stays a few MB whatever the file's size.
//
// Alternatives (speed bar's mrfixit as apg, 1.9 MB out; shared 2-core machine, ratios only):
// - TextSink.float32 per value (the writer before): TypeScript search and spelling, a cache of
//   recently printed values; writeApg was about 85 % of the encode;
// - the whole document printed in WebAssembly memory: the tag lines and the numberFormat columns
//   are TypeScript text, so it would mean a second writer for them, for one copy less per block.
import type { Kernels } from '../../kernels/kernels.js';
import { floatRowsBytes, keyLinesBytes } from '../../kernels/js/apg-format-floats.js';
import type { TextSink } from './text-sink.js';

/** Values per kernel call: a workspace of about 1.4 MB (4 + 18 bytes a value). */
const CHUNK_VALUES = 1 << 16;

/** Rows of `width` values (values.length a multiple of width), space-separated, "\n" after each. */
export function writeFloatRows(sink: TextSink, kernels: Kernels, values: Float32Array, width: number): void {
  const step = Math.max(1, Math.floor(CHUNK_VALUES / width)) * width;
  for (let from = 0; from < values.length; from += step) {
    const part = values.subarray(from, Math.min(values.length, from + step));
    if (kernels.backend === 'js') {
      const room = sink.reserve(floatRowsBytes(part.length));
      sink.length += kernels.raw.formatFloatRows(part, width, room.subarray(sink.length));
      continue;
    }
    const ws = kernels.workspace({ values: ['f32', part.length], text: ['u8', floatRowsBytes(part.length)] });
    try {
      const arrays = ws.arrays;
      arrays.values.set(part);
      const written = kernels.raw.formatFloatRows(arrays.values, width, arrays.text);
      sink.append(arrays.text.subarray(0, written));
    } finally {
      ws.release();
    }
  }
}

/** Key lines `t TIME WORD v…` (`word`: three ASCII letters), "\n" after each. */
export function writeKeyLines(sink: TextSink, kernels: Kernels, times: Float32Array, values: Float32Array, components: number, word: string): void {
  const packed = word.charCodeAt(0) | (word.charCodeAt(1) << 8) | (word.charCodeAt(2) << 16);
  const step = Math.max(1, Math.floor(CHUNK_VALUES / (components + 1)));
  for (let from = 0; from < times.length; from += step) {
    const to = Math.min(times.length, from + step);
    const partTimes = times.subarray(from, to);
    const partValues = values.subarray(from * components, to * components);
    if (kernels.backend === 'js') {
      const room = sink.reserve(keyLinesBytes(partTimes.length, components));
      sink.length += kernels.raw.formatKeyLines(partTimes, partValues, components, packed, room.subarray(sink.length));
      continue;
    }
    const ws = kernels.workspace({ times: ['f32', partTimes.length], values: ['f32', partValues.length], text: ['u8', keyLinesBytes(partTimes.length, components)] });
    try {
      const arrays = ws.arrays;
      arrays.times.set(partTimes);
      arrays.values.set(partValues);
      const written = kernels.raw.formatKeyLines(arrays.times, arrays.values, components, packed, arrays.text);
      sink.append(arrays.text.subarray(0, written));
    } finally {
      ws.release();
    }
  }
}
