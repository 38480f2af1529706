import { MeshFormatError } from '../../io/errors.js';
import { APG_KEY_COMPONENTS, APG_KEY_WORDS, APG_MAGIC, type ApgDocument } from './apg-document.js';
import { formatFixed, formatFloat32Shortest } from './format-number.js';

export interface WriteApgOptions {
  /** 'shortest': the shortest decimal that reads back to the same float32; a number: that many fraction digits (%.Nf). */
  precision?: 'shortest' | number;
}

export const WRITE_APG_DEFAULTS: Required<WriteApgOptions> = { precision: 'shortest' };

/**
 * Writes a document in the apg grammar: tags in the format's order (vertex blocks, skeleton,
 * root transform, offset matrices, hierarchy, animations, bounding radius), one vertex or key per
 * line, "\n" line ends. Reading the result gives the same document back.
 */
export function writeApg(document: ApgDocument, options: WriteApgOptions = {}): Uint8Array {
  const { precision } = { ...WRITE_APG_DEFAULTS, ...options };
  // A triangle soup repeats each vertex's values several times: print each distinct one once.
  const printed = new Map<number, string>();
  const print = precision === 'shortest' ? formatFloat32Shortest : (v: number) => formatFixed(v, precision);
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
  const rows = (values: Float32Array, width: number) => {
    for (let i = 0; i < values.length; i += width) {
      let line = format(values[i]!);
      for (let c = 1; c < width; c++) line += ' ' + format(values[i + c]!);
      out.push(line);
    }
  };
  for (const array of document.vertexArrays) {
    if (array.values.length !== document.vertexCount * array.components) fail(`@${array.name} holds ${array.values.length} values, not ${document.vertexCount} × ${array.components}`);
    out.push(`@${array.name} comps ${array.components}`);
    rows(array.values, array.components);
  }
  if (document.skeleton) out.push(`@skeleton bones ${document.skeleton.bones} animations ${document.skeleton.animations}`);
  if (document.rootTransform) {
    out.push('@root_transform comps 16');
    rows(document.rootTransform, 16);
  }
  if (document.offsetMatrices) {
    out.push('@offset_mat comps 16');
    rows(document.offsetMatrices, 16);
  }
  if (document.hierarchy) {
    out.push(`@hierarchy nodes ${document.hierarchy.length}`);
    for (const node of document.hierarchy) out.push(`parent ${node.parent} bone_id ${node.boneId}`);
  }
  for (const animation of document.animations) {
    if (/[\r\n]/.test(animation.name)) fail(`animation name ${JSON.stringify(animation.name)} has a line break`);
    out.push(`@animation name ${animation.name} duration ${format(animation.duration)}`);
    for (const block of animation.keys) {
      const components = APG_KEY_COMPONENTS[block.kind];
      if (block.values.length !== block.times.length * components) fail(`@${block.kind}_keys of node ${block.node} hold ${block.values.length} values for ${block.times.length} keys`);
      out.push(`@${block.kind}_keys node ${block.node} count ${block.times.length} comps ${components}`);
      const word = APG_KEY_WORDS[block.kind];
      for (let k = 0; k < block.times.length; k++) {
        let line = `t ${format(block.times[k]!)} ${word}`;
        for (let c = 0; c < components; c++) line += ' ' + format(block.values[k * components + c]!);
        out.push(line);
      }
    }
  }
  if (document.boundingRadius !== undefined) out.push(`@bounding_radius ${format(document.boundingRadius)}`);
  return new TextEncoder().encode(out.join('\n') + '\n');
}

function fail(detail: string): never {
  throw new MeshFormatError({ code: 'BAD_VALUE', format: 'apg' }, detail);
}
