import { MeshFormatError } from '../../io/errors.js';
import { APG_KEY_COMPONENTS, APG_KEY_WORDS, APG_MAGIC, type ApgDocument } from './apg-document.js';
import { formatFixed, formatG, formatRepr } from './format-number.js';
import { TextSink } from './text-sink.js';
import { writeFloatRows, writeKeyLines } from './number-blocks.js';
import type { Kernels } from '../../kernels/kernels.js';
import { getKernels } from '../../kernels/backend.js';

export interface WriteApgOptions {
  /**
   * 'shortest': the shortest decimal that reads back to the same float32; a number: that many
   * fraction digits (%.Nf). Default: the document's own `numberFormat` (a file read with fixed
   * decimals is written with them, per block and column), else 'shortest'.
   */
  precision?: 'shortest' | number;
  /** Kernels for the number blocks; default: the library-wide backend. */
  kernels?: Kernels;
}

export const WRITE_APG_DEFAULTS: Required<Omit<WriteApgOptions, 'kernels'>> = { precision: 'shortest' };

/**
 * Writes a document in the apg grammar: tags in the format's order (vertex blocks, skeleton,
 * root transform, offset matrices, hierarchy, animations, bounding radius), one vertex or key per
 * line, "\n" line ends. Reading the result gives the same document back.
 */
export function writeApg(document: ApgDocument, options: WriteApgOptions = {}): Uint8Array {
  const kernels = options.kernels ?? getKernels();
  const precision = options.precision ?? (document.numberFormat ? undefined : WRITE_APG_DEFAULTS.precision);
  const shortest: ColumnWriter = (sink, v) => sink.float32(v);
  const print: ColumnWriter = precision === 'shortest' || precision === undefined ? shortest : textColumn((v) => formatFixed(v, precision));
  /** The value as the block's column was written in the file read (numberFormat), else by `precision`. */
  const formatIn = (block: string, column: number): ColumnWriter => {
    const digits = precision === undefined ? document.numberFormat?.[block]?.[column] : undefined;
    if (digits === undefined || digits === null) return print;
    if (digits === 'g') return textColumn(formatG);
    if (digits === 'repr') return textColumn(formatRepr);
    return textColumn((v) => formatFixed(v, digits));
  };
  if (!document.header.startsWith(APG_MAGIC) || /[\r\n]/.test(document.header)) fail(`the header must be one line starting with "${APG_MAGIC}"`);
  // About 10 bytes per value in the shortest form: one allocation for most files.
  let values = 0;
  for (const array of document.vertexArrays) values += array.values.length;
  for (const animation of document.animations) for (const block of animation.keys) values += block.values.length + block.times.length;
  const out = new TextSink(values * 11 + 4096);
  const line = (text: string) => {
    out.text(text);
    out.byte(NEWLINE);
  };
  line(document.header);
  line(`@vert_count ${document.vertexCount}`);
  const rows = (values: Float32Array, width: number, block: string) => {
    const columns = Array.from({ length: width }, (_, c) => formatIn(block, c));
    if (columns.every((c) => c === shortest) && wholeRows(values.length, width)) return writeFloatRows(out, kernels, values, width);
    for (let i = 0; i < values.length; i += width) {
      columns[0]!(out, values[i]!);
      for (let c = 1; c < width; c++) {
        out.byte(SPACE);
        columns[c]!(out, values[i + c]!);
      }
      out.byte(NEWLINE);
    }
  };
  for (const array of document.vertexArrays) {
    if (array.values.length !== document.vertexCount * array.components) fail(`@${array.name} holds ${array.values.length} values, not ${document.vertexCount} × ${array.components}`);
    line(`@${array.name} comps ${array.components}`);
    rows(array.values, array.components, array.name);
  }
  if (document.skeleton) line(`@skeleton bones ${document.skeleton.bones} animations ${document.skeleton.animations}`);
  if (document.rootTransform) {
    line('@root_transform comps 16');
    rows(document.rootTransform, 16, 'root_transform');
  }
  if (document.offsetMatrices) {
    line('@offset_mat comps 16');
    rows(document.offsetMatrices, 16, 'offset_mat');
  }
  if (document.hierarchy) {
    line(`@hierarchy nodes ${document.hierarchy.length}`);
    for (const node of document.hierarchy) line(`parent ${node.parent} bone_id ${node.boneId}`);
  }
  for (const animation of document.animations) {
    if (/[\r\n]/.test(animation.name)) fail(`animation name ${JSON.stringify(animation.name)} has a line break`);
    out.text(`@animation name ${animation.name} duration `);
    formatIn('duration', 0)(out, animation.duration);
    out.byte(NEWLINE);
    for (const block of animation.keys) {
      const components = APG_KEY_COMPONENTS[block.kind];
      if (block.values.length !== block.times.length * components) fail(`@${block.kind}_keys of node ${block.node} hold ${block.values.length} values for ${block.times.length} keys`);
      line(`@${block.kind}_keys node ${block.node} count ${block.times.length} comps ${components}`);
      const word = ` ${APG_KEY_WORDS[block.kind]}`;
      const columns = Array.from({ length: components + 1 }, (_, c) => formatIn(`${block.kind}_keys`, c));
      if (columns.every((c) => c === shortest)) {
        writeKeyLines(out, kernels, block.times, block.values, components, APG_KEY_WORDS[block.kind]);
        continue;
      }
      for (let k = 0; k < block.times.length; k++) {
        out.text('t ');
        columns[0]!(out, block.times[k]!);
        out.text(word);
        for (let c = 0; c < components; c++) {
          out.byte(SPACE);
          columns[c + 1]!(out, block.values[k * components + c]!);
        }
        out.byte(NEWLINE);
      }
    }
  }
  if (document.boundingRadius !== undefined) {
    out.text('@bounding_radius ');
    formatIn('bounding_radius', 0)(out, document.boundingRadius);
    out.byte(NEWLINE);
  }
  return out.finish();
}

const NEWLINE = 10;
const SPACE = 32;

/** Writes one value of a column. */
type ColumnWriter = (sink: TextSink, value: number) => void;

/** Rows the kernels print (a hand-built document may hold a partial row, printed as before). */
function wholeRows(count: number, width: number): boolean {
  return Number.isInteger(width) && width >= 1 && count % width === 0;
}

const textColumn = (format: (value: number) => string): ColumnWriter => (sink, value) => sink.text(format(value));

function fail(detail: string): never {
  throw new MeshFormatError({ code: 'BAD_VALUE', format: 'apg' }, detail);
}
