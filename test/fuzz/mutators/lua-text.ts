// Lua text mutations for Transport Fever descriptors, made on the text's own structure (its
// `key = value` fields, number tables and `indices` blocks): number tables enlarged or shifted,
// index streams shifted across attributes (and attributes multiplied), deep nesting, strings,
// huge numbers, negative counts, swapped keys.
import { choose, encodeUtf8, pick, utf8, type Mutator } from './mutator.js';

export const HOSTILE_LUA_NUMBERS = ['-1', '0', '1', '2', '-0', '0.5', '2147483647', '2147483648', '4294967295', '4294967296', '1e7', '1e8', '1e308', '-1e308', '1e999', '0x7fffffff', '999999999999', '0/0', '-1e7'];

const NUMBER_TABLE = /\{\s*-?[\d.]+(?:e[-+]?\d+)?(?:\s*,\s*-?[\d.]+(?:e[-+]?\d+)?)*\s*,?\s*\}/gi;
const KEYED_NUMBER = /\b(count|offset|numComp|time|frames|id)\s*=\s*(-?[\d.]+(?:e[-+]?\d+)?)/g;
const INDEX_ENTRY = /(\w+)\s*=\s*\{\s*count\s*=\s*(\d+)\s*,\s*offset\s*=\s*(\d+)\s*,?\s*\}/g;
const ATTR_ENTRY = /(\w+)\s*=\s*\{\s*count\s*=\s*(\d+)\s*,\s*numComp\s*=\s*(\d+)\s*,\s*offset\s*=\s*(\d+)\s*,?\s*\}/g;

type Edit = (text: string, next: () => number) => string | undefined;

/** All matches of `pattern` in `text`, with their places. */
function matches(text: string, pattern: RegExp): RegExpExecArray[] {
  return [...text.matchAll(new RegExp(pattern.source, pattern.flags))] as RegExpExecArray[];
}

function replaceAt(text: string, m: RegExpExecArray, replacement: string): string {
  return text.slice(0, m.index) + replacement + text.slice(m.index + m[0].length);
}

/** A number after `count`, `offset`, `numComp`, `time` … set to a huge, negative or fractional value. */
export const editKeyedNumber: Edit = (text, next) => {
  const found = matches(text, KEYED_NUMBER);
  if (!found.length) return undefined;
  const m = choose(next, found);
  return replaceAt(text, m, `${m[1]} = ${choose(next, HOSTILE_LUA_NUMBERS)}`);
};

/** A number table enlarged (its values repeated), cut, or shifted by one place. */
export const editNumberTable: Edit = (text, next) => {
  const found = matches(text, NUMBER_TABLE);
  if (!found.length) return undefined;
  const m = choose(next, found);
  const values = m[0].replace(/[{}\s]/g, '').split(',').filter(Boolean);
  const kind = pick(next, 3);
  const edited = kind === 0 ? [...values, ...values.slice(0, 1 + pick(next, values.length))] : kind === 1 ? values.slice(0, pick(next, values.length)) : [...values.slice(1), values[0]!];
  return replaceAt(text, m, `{ ${edited.join(', ')} }`);
};

/**
 * The index streams of one `indices` block moved so that each starts `step` bytes after the
 * previous one (streams overlapping each other), and now and then the vertex attributes
 * multiplied under new names, each with its own shifted index stream.
 */
export const shiftIndexStreams: Edit = (text, next) => {
  const entries = matches(text, INDEX_ENTRY);
  if (!entries.length) return undefined;
  const step = choose(next, [4, 2, 1, 8, 12, -4]);
  const base = Number(entries[0]![3]);
  let out = text;
  // Right to left, so that earlier places stay valid.
  for (let k = entries.length - 1; k >= 0; k--) {
    const e = entries[k]!;
    out = replaceAt(out, e, `${e[1]} = { count = ${e[2]}, offset = ${Math.max(0, base + k * step)} }`);
  }
  const attrs = matches(out, ATTR_ENTRY);
  if (!attrs.length || next() < 0.5) return out;
  const copies = choose(next, [4, 16, 52]);
  const template = choose(next, attrs);
  const count = entries[0]![2];
  const newAttrs = Array.from({ length: copies }, (_, i) => `x${i} = { count = ${template[2]}, numComp = ${template[3]}, offset = ${template[4]} },`).join('\n');
  const newIndices = Array.from({ length: copies }, (_, i) => `x${i} = { count = ${count}, offset = ${Math.max(0, base + (entries.length + i) * step)} },`).join('\n');
  out = out.replace(/vertexAttr\s*=\s*\{/, (s) => `${s}\n${newAttrs}\n`);
  return out.replace(/indices\s*=\s*\{/, (s) => `${s}\n${newIndices}\n`);
};

/** A value wrapped in tables `depth` deep. */
export const deepNesting: Edit = (text, next) => {
  const found = matches(text, KEYED_NUMBER);
  if (!found.length) return undefined;
  const m = choose(next, found);
  const depth = choose(next, [10, 100, 1000, 10_000]);
  return replaceAt(text, m, `${m[1]} = ${'{ '.repeat(depth)}${m[2]}${' }'.repeat(depth)}`);
};

/** A number made a string, a string made huge, escaped, or left open. */
export const editString: Edit = (text, next) => {
  const strings = matches(text, /"[^"\n]*"/g);
  const numbers = matches(text, KEYED_NUMBER);
  if (numbers.length && (next() < 0.5 || !strings.length)) {
    const m = choose(next, numbers);
    return replaceAt(text, m, `${m[1]} = "${m[2]}"`);
  }
  if (!strings.length) return undefined;
  const m = choose(next, strings);
  return replaceAt(text, m, choose(next, ['"' + 'x'.repeat(100_000) + '"', '"\\0\\255\\u{7FFFFFFF}"', '"\\', '[[', '"\n"', '""', '"KEYFRAME"', '"\\z   "']));
};

/** Two keys of the descriptor swapped (`count` for `offset`, `position` for `normal` …) or one renamed. */
export const swapKeys: Edit = (text, next) => {
  const keys = [...new Set(matches(text, /\b([A-Za-z_]\w*)\s*=/g).map((m) => m[1]!))];
  if (keys.length < 2) return undefined;
  const a = choose(next, keys);
  const b = next() < 0.8 ? choose(next, keys) : choose(next, ['position', 'normal', 'uv0', 'indices', 'vertexAttr', 'subMeshes', 'animations', 'type']);
  return text.replace(new RegExp(`\\b(${a}|${b})(\\s*=)`, 'g'), (_, k: string, eq: string) => `${k === a ? b : a}${eq}`);
};

function luaMutator(name: string, edit: Edit): Mutator {
  return {
    name,
    formats: ['tf'],
    mutate(input, next) {
      if (input.file.endsWith('.blob')) return undefined;
      const edited = edit(utf8(input.bytes), next);
      return edited === undefined ? undefined : encodeUtf8(edited);
    },
  };
}

export const LUA_MUTATORS: Mutator[] = [
  luaMutator('lua-keyed-numbers', editKeyedNumber),
  luaMutator('lua-number-tables', editNumberTable),
  luaMutator('lua-index-streams', shiftIndexStreams),
  luaMutator('lua-deep-nesting', deepNesting),
  luaMutator('lua-strings', editString),
  luaMutator('lua-swapped-keys', swapKeys),
];
