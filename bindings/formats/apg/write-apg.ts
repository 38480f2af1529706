import { MeshFormatError } from '../../io/errors.js';
import { APG_KEY_COMPONENTS, APG_KEY_WORDS, APG_MAGIC, type ApgDocument } from './apg-document.js';
import { formatFixed, formatFloat32Shortest, formatG, formatRepr } from './format-number.js';

export interface WriteApgOptions {
  /**
   * 'shortest': the shortest decimal that reads back to the same float32; a number: that many
   * fraction digits (%.Nf). Default: the document's own `numberFormat` (a file read with fixed
   * decimals is written with them, per block and column), else 'shortest'.
   */
  precision?: 'shortest' | number;
}

export const WRITE_APG_DEFAULTS: Required<WriteApgOptions> = { precision: 'shortest' };

/**
 * Writes a document in the apg grammar: tags in the format's order (vertex blocks, skeleton,
 * root transform, offset matrices, hierarchy, animations, bounding radius), one vertex or key per
 * line, "\n" line ends. Reading the result gives the same document back.
 */
export function writeApg(document: ApgDocument, options: WriteApgOptions = {}): Uint8Array {
  const precision = options.precision ?? (document.numberFormat ? undefined : WRITE_APG_DEFAULTS.precision);
  // A triangle soup repeats each vertex's values several times: print each distinct one once.
  const printed = new Map<number, string>();
  const print = precision === 'shortest' || precision === undefined ? formatFloat32Shortest : (v: number) => formatFixed(v, precision);
  /** The value as the block's column was written in the file read (numberFormat), else by `precision`. */
  const formatIn = (block: string, column: number) => {
    const digits = precision === undefined ? document.numberFormat?.[block]?.[column] : undefined;
    if (digits === undefined || digits === null) return format;
    if (digits === 'g') return formatG;
    if (digits === 'repr') return formatRepr;
    return (v: number) => formatFixed(v, digits);
  };
  const format = (v: number) => {
    if (v === 0) return print(v); // the Map would take 0 and −0 for one key
    let text = printed.get(v);
    if (text === undefined) {
      text = print(v);
      printed.set(v, text);
    }
    return text;
  };
  if (!document.header.startsWith(APG_MAGIC) || /[\r\n]/.test(document.header)) fail(`the header must be one line starting with "${APG_MAGIC}"`);
  const out: string[] = [document.header, `@vert_count ${document.vertexCount}`];
  const rows = (values: Float32Array, width: number, block: string) => {
    const columns = Array.from({ length: width }, (_, c) => formatIn(block, c));
    for (let i = 0; i < values.length; i += width) {
      let line = columns[0]!(values[i]!);
      for (let c = 1; c < width; c++) line += ' ' + columns[c]!(values[i + c]!);
      out.push(line);
    }
  };
  for (const array of document.vertexArrays) {
    if (array.values.length !== document.vertexCount * array.components) fail(`@${array.name} holds ${array.values.length} values, not ${document.vertexCount} × ${array.components}`);
    out.push(`@${array.name} comps ${array.components}`);
    rows(array.values, array.components, array.name);
  }
  if (document.skeleton) out.push(`@skeleton bones ${document.skeleton.bones} animations ${document.skeleton.animations}`);
  if (document.rootTransform) {
    out.push('@root_transform comps 16');
    rows(document.rootTransform, 16, 'root_transform');
  }
  if (document.offsetMatrices) {
    out.push('@offset_mat comps 16');
    rows(document.offsetMatrices, 16, 'offset_mat');
  }
  if (document.hierarchy) {
    out.push(`@hierarchy nodes ${document.hierarchy.length}`);
    for (const node of document.hierarchy) out.push(`parent ${node.parent} bone_id ${node.boneId}`);
  }
  for (const animation of document.animations) {
    if (/[\r\n]/.test(animation.name)) fail(`animation name ${JSON.stringify(animation.name)} has a line break`);
    out.push(`@animation name ${animation.name} duration ${formatIn('duration', 0)(animation.duration)}`);
    for (const block of animation.keys) {
      const components = APG_KEY_COMPONENTS[block.kind];
      if (block.values.length !== block.times.length * components) fail(`@${block.kind}_keys of node ${block.node} hold ${block.values.length} values for ${block.times.length} keys`);
      out.push(`@${block.kind}_keys node ${block.node} count ${block.times.length} comps ${components}`);
      const word = APG_KEY_WORDS[block.kind];
      const columns = Array.from({ length: components + 1 }, (_, c) => formatIn(`${block.kind}_keys`, c));
      for (let k = 0; k < block.times.length; k++) {
        let line = `t ${columns[0]!(block.times[k]!)} ${word}`;
        for (let c = 0; c < components; c++) line += ' ' + columns[c + 1]!(block.values[k * components + c]!);
        out.push(line);
      }
    }
  }
  if (document.boundingRadius !== undefined) out.push(`@bounding_radius ${formatIn('bounding_radius', 0)(document.boundingRadius)}`);
  return new TextEncoder().encode(out.join('\n') + '\n');
}

function fail(detail: string): never {
  throw new MeshFormatError({ code: 'BAD_VALUE', format: 'apg' }, detail);
}
