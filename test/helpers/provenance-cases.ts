// Truncated and mutated UNIGINE, apg and IQM inputs, made the same way on every run (seeded), and
// the outcome of parsing each: the error's code, byte offset or line:column and message, or "ok".
// test/provenance-errors.test.ts compares them with test/provenance/errors.json, recorded by
// test/provenance/record-errors.ts from the tree before the readers stopped keeping provenance
// WeakMaps (3d00f31), so that every error names the same place with the same words.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MeshFormatError, type Kernels } from '../../bindings/index.js';
import { FORMATS } from '../../bindings/formats/registry.js';
import { rng } from './backends.js';
import { corpusAvailable, corpusPath } from './corpus.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** Source files: name (folder/file) and format. Corpus files only where the corpus is present. */
const SOURCES: [string, string][] = [
  ['fixtures/tube.mesh', 'unigine'], ['fixtures/tube.anim', 'unigine'], ['fixtures/tube.apg', 'apg'], ['fixtures/tube.iqm', 'iqm'],
  ['corpus/unigine/arm.anim', 'unigine'], ['corpus/unigine/actor_00_jump.anim', 'unigine'], ['corpus/unigine/QBZ95_long.anim', 'unigine'],
  ['corpus/unigine/editor_viewcube.mesh', 'unigine'], ['corpus/unigine/editor_box_ms10.mesh', 'unigine'],
  ['corpus/apg/untitled.apg', 'apg'], ['corpus/iqm/raylib_vertex_colored_object.iqm', 'iqm'],
];

export interface ProvenanceCase { id: string; format: string; bytes: Uint8Array; fileName: string }

function read(name: string): Uint8Array | undefined {
  if (name.startsWith('corpus/')) return corpusAvailable ? new Uint8Array(readFileSync(corpusPath(name.slice(7)))) : undefined;
  return new Uint8Array(readFileSync(join(ROOT, name)));
}

const TEXT_REPLACEMENTS = ['999', '-2', '7', '3', '0', '1e9', 'x', '2147483647'];

/** Every case, in a fixed order: truncations, random byte changes, and (binary) wide values at aligned places or (text) replaced tokens. */
export function provenanceCases(): ProvenanceCase[] {
  const cases: ProvenanceCase[] = [];
  SOURCES.forEach(([name, format], s) => {
    const source = read(name);
    if (!source) return;
    const fileName = name.split('/').pop()!;
    const add = (kind: string, bytes: Uint8Array) => cases.push({ id: `${name} ${kind}`, format, bytes, fileName });
    const next = rng(0x5eed + s);
    for (let k = 1; k <= 40; k++) add(`truncated ${k}/41`, source.slice(0, Math.floor((source.length * k) / 41)));
    for (let k = 0; k < 60; k++) {
      const bytes = source.slice();
      const changes = 1 + Math.floor(next() * 4);
      for (let c = 0; c < changes; c++) bytes[Math.floor(next() * bytes.length)] = Math.floor(next() * 256);
      add(`bytes ${k}`, bytes);
    }
    if (format !== 'apg') {
      for (let k = 0; k < 80; k++) {
        const bytes = source.slice();
        const width = next() < 0.5 ? 2 : 4;
        const at = Math.floor((next() * (bytes.length - width)) / width) * width;
        const value = next() < 0.5 ? 0xff : 0x7f;
        for (let i = 0; i < width; i++) bytes[at + i] = i === width - 1 ? value & 0x7f : value;
        add(`wide ${k}`, bytes);
      }
      return;
    }
    const text = new TextDecoder('latin1').decode(source);
    const tokens = [...text.matchAll(/[^\s]+/g)];
    for (let k = 0; k < 120; k++) {
      const token = tokens[Math.floor(next() * tokens.length)]!;
      const replacement = TEXT_REPLACEMENTS[Math.floor(next() * TEXT_REPLACEMENTS.length)]!;
      const changed = text.slice(0, token.index) + replacement + text.slice(token.index! + token[0].length);
      add(`token ${k}`, Uint8Array.from(changed, (c) => c.charCodeAt(0)));
    }
    // Every field of the tag and hierarchy lines after the vertex blocks (node numbers, parents,
    // counts): the errors found after reading, which name a block's or a node's line.
    const tail = text.indexOf('\n@skeleton');
    tokens.filter((t) => t.index! > tail && /^(@|parent)/.test(text.slice(text.lastIndexOf('\n', t.index!) + 1, t.index! + 1))).forEach((token, k) => {
      for (const replacement of ['999', '-2', '1']) {
        const changed = text.slice(0, token.index) + replacement + text.slice(token.index! + token[0].length);
        add(`field ${k} ${replacement}`, Uint8Array.from(changed, (c) => c.charCodeAt(0)));
      }
    });
  });
  return cases;
}

/** What parsing `c` gives: "ok" (with its warning count) or the error's code, place and message. */
export function provenanceOutcome(c: ProvenanceCase, kernels: Kernels): unknown {
  const format = FORMATS.find((f) => f.name === c.format)!;
  try {
    const asset = format.parseSync(c.bytes, { fileName: c.fileName, kernels });
    return `ok ${asset.warnings.length}`;
  } catch (error) {
    if (!(error instanceof MeshFormatError)) throw error;
    const { code, offset, line, column } = error as MeshFormatError & { offset?: number; line?: number; column?: number };
    return { code, offset, line, column, message: error.message };
  }
}
