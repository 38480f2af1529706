import { attachTextPositions, linePosition, TextPositions, type TextPosition } from './text-positions.js';
import { MeshFormatError, type MeshFormatErrorCode } from '../../io/errors.js';
import { latin1Text } from '../../io/latin1-text.js';
import { isApg } from './apg-signature.js';
import type { Kernels, Workspace } from '../../kernels/kernels.js';
import { getKernels } from '../../kernels/backend.js';
import { parseFloats as parseFloatsTwin } from '../../kernels/js/parse-numbers.js';
import {
  APG_KEY_COMPONENTS,
  APG_KEY_WORDS,
  APG_MAGIC,
  APG_VERTEX_ARRAYS,
  type ApgAnimation,
  type ApgDocument,
  type ApgHierarchyNode,
  type ApgKeyKind,
  type ApgVertexArrayName,
} from './apg-document.js';

export interface ReadApgOptions {
  /** Kernels for the number blocks; default: the library-wide backend. */
  kernels?: Kernels;
  /** Receives one sentence per tolerated quirk (rotation keys declared `comps 3`, counts one short). */
  warnings?: string[];
}

const AT = 0x40;
const UTF8 = new TextDecoder('utf-8');
const NEWLINE = 0x0a;
/**
 * The fewest bytes of text one counted item can take: a number needs a digit and a separator
 * (every item a count announces, a vertex value, a key line, a hierarchy line, a bone's matrix
 * or line, an animation's tag line, takes at least that).
 */
const MIN_ITEM_BYTES = 2;
/** Files up to this size are copied into WebAssembly memory whole (ApgReader.staged). */
const STAGE_WHOLE_BYTES = 2 * 1024 * 1024;
/** Scratch for number(): one parsed value. */
const ONE_NUMBER = new Float32Array(1);

/** True when the file starts with "@Anton's" (all the format's own readers check). */
export { isApg };

/**
 * Reads an apg file into its document. Number blocks go through the parseFloats kernel (every
 * value exactly Math.fround(Number(token))); line breaks inside a block are not significant, as
 * in the format's own `%f`-scanning readers. Tolerated, each with a warning where the file is
 * wrong: rotation keys declared `comps 3` holding 4 values, key counts one short of the lines
 * that follow (both from the Blender exporter). Headers of any date ("v.7NOV2014"), CRLF line
 * ends, exponent forms and a missing final newline are simply read. Errors name line and column.
 */
export function readApg(bytes: Uint8Array, options: ReadApgOptions = {}): ApgDocument {
  return new ApgReader(bytes, options).read();
}

interface Token {
  text: string;
  offset: number;
}

class ApgReader {
  private readonly bytes: Uint8Array;
  private readonly kernels: Kernels;
  private readonly warnings: string[] | undefined;
  /** Where the document's blocks and nodes start, for errors found after reading (text-positions.ts). */
  private readonly positions: TextPositions;
  /**
   * On a WebAssembly backend, a file up to STAGE_WHOLE_BYTES copied into WebAssembly memory
   * once: the number kernels read their blocks there, with no staging copy per block (see
   * kernelText). Measured on the speed bar (shared machine): 1.02–1.13× at 1.9 MB, 1.00–1.09×
   * at 30 KB (the speed bar's 1.9 MB file is under the limit). Larger files are staged block by
   * block: whole, the parse of a 10 MB or a 100 MB file peaked at 2.48× its size in RSS (1.98×
   * and 1.84× block by block, both measured before the weld rows moved into a workspace), so
   * the limit keeps the extra memory to 2 MiB.
   */
  private staged: Workspace<{ text: readonly ['u8', number] }> | undefined;

  constructor(bytes: Uint8Array, options: ReadApgOptions) {
    this.bytes = bytes;
    this.positions = new TextPositions(bytes);
    this.kernels = options.kernels ?? getKernels();
    this.warnings = options.warnings;
  }

  read(): ApgDocument {
    if (this.kernels.backend === 'js' || this.bytes.length === 0 || this.bytes.length > STAGE_WHOLE_BYTES) return this.readText();
    this.staged = this.kernels.workspace({ text: ['u8', this.bytes.length] as const });
    try {
      this.staged.arrays.text.set(this.bytes);
      return this.readText();
    } finally {
      this.staged.release();
      this.staged = undefined;
    }
  }

  /** Bytes [start, end) of the file for a kernel: in WebAssembly memory when staged. */
  private kernelText(start: number, end: number): Uint8Array {
    return (this.staged ? this.staged.arrays.text : this.bytes).subarray(start, end);
  }

  private readText(): ApgDocument {
    const bytes = this.bytes;
    if (!isApg(bytes)) this.fail('BAD_MAGIC', 0, `the file does not start with "${APG_MAGIC}"`);
    const headerEnd = this.lineEnd(0);
    const document: ApgDocument = { header: this.utf8(0, headerEnd).replace(/\r$/, ''), vertexCount: -1, vertexArrays: [], animations: [] };
    let animation: ApgAnimation | undefined;
    let at = this.nextLine(headerEnd);
    while (at < bytes.length) {
      const lineEnd = this.lineEnd(at);
      const tokens = this.tokens(at, lineEnd);
      if (tokens.length === 0) {
        at = this.nextLine(lineEnd);
        continue;
      }
      const tag = tokens[0]!;
      if (tag.text[0] !== '@' || tag.offset !== at) this.fail('SYNTAX', tag.offset, `expected a tag line starting with "@", found "${clip(tag.text)}"`);
      const blockStart = this.nextLine(lineEnd);
      const blockEnd = this.nextTag(blockStart);
      const name = tag.text.slice(1);
      const left = bytes.length - blockStart;
      if (name === 'vert_count') {
        this.expectWords(tokens, [], 2);
        const vertexCount = this.count(tokens[1]!, '@vert_count', left);
        // A second count would change the meaning of the vertex blocks already read.
        if (document.vertexCount >= 0) this.fail('SYNTAX', tag.offset, 'a second @vert_count');
        document.vertexCount = vertexCount;
      } else if ((APG_VERTEX_ARRAYS as readonly string[]).includes(name)) {
        this.expectWords(tokens, ['comps'], 3);
        if (document.vertexCount < 0) this.fail('SYNTAX', tag.offset, `@${name} comes before @vert_count`);
        if (document.vertexArrays.some((a) => a.name === name)) this.fail('SYNTAX', tag.offset, `a second @${name} block`);
        const components = this.count(tokens[2]!, `@${name} comps (${document.vertexCount} vertices each)`, blockEnd - blockStart, MIN_ITEM_BYTES * document.vertexCount, 1, 16);
        const values = this.numbers(blockStart, blockEnd, document.vertexCount * components, tag, `@${name} (${document.vertexCount} vertices × ${components} comps)`);
        document.vertexArrays.push(this.positions.record({ name: name as ApgVertexArrayName, components, values }, tag.offset));
      } else if (name === 'skeleton') {
        this.expectWords(tokens, ['bones', 'animations'], 5);
        document.skeleton = { bones: this.count(tokens[2]!, '@skeleton bones', left), animations: this.count(tokens[4]!, '@skeleton animations', left) };
      } else if (name === 'root_transform') {
        this.expectWords(tokens, ['comps'], 3);
        this.expectComps(tokens[2]!, 16);
        document.rootTransform = this.numbers(blockStart, blockEnd, 16, tag, '@root_transform');
      } else if (name === 'offset_mat') {
        this.expectWords(tokens, ['comps'], 3);
        this.expectComps(tokens[2]!, 16);
        const values = this.numbers(blockStart, blockEnd, undefined, tag, '@offset_mat');
        if (values.length % 16 !== 0) this.fail('BAD_COUNT', tag.offset, `@offset_mat holds ${values.length} values, not a whole number of 16-value matrices`);
        document.offsetMatrices = values;
      } else if (name === 'hierarchy') {
        this.expectWords(tokens, ['nodes'], 3);
        document.hierarchy = this.hierarchy(blockStart, blockEnd, this.count(tokens[2]!, '@hierarchy nodes', blockEnd - blockStart), tag);
      } else if (name === 'animation') {
        animation = this.animationHeader(at, lineEnd, tokens);
        document.animations.push(animation);
      } else if (name === 'tra_keys' || name === 'rot_keys' || name === 'sca_keys') {
        if (!animation) this.fail('SYNTAX', tag.offset, `@${name} outside an @animation`);
        this.expectWords(tokens, ['node', 'count', 'comps'], 7);
        animation.keys.push(this.positions.record(this.keys(name.slice(0, 3) as ApgKeyKind, blockStart, blockEnd, tokens), tag.offset));
      } else if (name === 'bounding_radius') {
        this.expectWords(tokens, [], 2);
        document.boundingRadius = this.number(tokens[1]!);
      } else {
        this.fail('UNSUPPORTED', tag.offset, `unknown tag @${clip(name)}`);
      }
      if (!isBlockTag(name)) this.expectEmpty(blockStart, blockEnd, name);
      at = blockEnd;
    }
    if (document.vertexCount < 0) document.vertexCount = 0;
    return attachTextPositions(document, this.positions);
  }

  /** The numbers of a block: exactly `expected` of them, or any count when undefined. */
  private numbers(start: number, end: number, expected: number | undefined, tag: Token, what: string): Float32Array {
    const block = this.kernelText(start, end);
    // A number takes at least one byte and one separator: the bound keeps allocation within the input.
    const bound = (block.length + 1) >> 1;
    if (expected !== undefined && expected > bound) this.fail('BAD_COUNT', tag.offset, `${what} needs ${expected} numbers but its block has only ${block.length} bytes`);
    const values = new Float32Array(expected ?? bound);
    const result = this.kernels.parseFloats(block, values);
    if (result < 0) {
      const offset = start - result - 1;
      const token = this.tokenAt(offset);
      if (isNumberToken(token)) this.fail('BAD_COUNT', offset, `${what}: more than ${values.length} numbers`);
      this.fail('SYNTAX', offset, `${what}: "${clip(token)}" is not a number`);
    }
    if (expected !== undefined && result !== expected) this.fail('BAD_COUNT', end, `${what} holds ${result} numbers, expected ${expected}`);
    return expected === undefined ? values.slice(0, result) : values;
  }

  private hierarchy(start: number, end: number, declared: number, tag: Token): ApgHierarchyNode[] {
    const nodes: ApgHierarchyNode[] = [];
    for (const line of this.lines(start, end)) {
      this.expectWords(line, ['parent', 'bone_id'], 4, 0);
      nodes.push(this.positions.record({ parent: this.integer(line[1]!, -1), boneId: this.integer(line[3]!, -1) }, line[0]!.offset));
    }
    if (nodes.length !== declared) this.fail('BAD_COUNT', tag.offset, `@hierarchy declares ${declared} nodes but ${nodes.length} lines follow`);
    for (let i = 0; i < nodes.length; i++) {
      if (nodes[i]!.parent >= nodes.length) this.fail('BAD_INDEX', tag.offset, `node ${i} has parent ${nodes[i]!.parent}, outside the ${nodes.length} nodes`);
    }
    return nodes;
  }

  /** `@animation name NAME duration D`: the name may hold spaces. */
  private animationHeader(start: number, end: number, tokens: Token[]): ApgAnimation {
    if (tokens[1]?.text !== 'name') this.fail('SYNTAX', tokens[1]?.offset ?? end, 'expected "name" after @animation');
    let durationAt = -1;
    for (let i = tokens.length - 2; i >= 2; i--) if (tokens[i]!.text === 'duration') { durationAt = i; break; }
    if (durationAt < 0 || durationAt !== tokens.length - 2) this.fail('SYNTAX', tokens[tokens.length - 1]!.offset, 'expected "duration D" at the end of the @animation line');
    const name = durationAt > 2 ? this.utf8(tokens[2]!.offset, tokens[durationAt - 1]!.offset + tokens[durationAt - 1]!.text.length) : '';
    return { name, duration: this.number(tokens[durationAt + 1]!), keys: [] };
  }

  private keys(kind: ApgKeyKind, start: number, end: number, tag: Token[]): { kind: ApgKeyKind; node: number; times: Float32Array; values: Float32Array } {
    const node = this.integer(tag[2]!, -1);
    const declared = this.count(tag[4]!, `@${kind}_keys count`, end - start);
    const comps = this.count(tag[6]!, `@${kind}_keys comps`, end - start, MIN_ITEM_BYTES * declared, 1, 16);
    const components = APG_KEY_COMPONENTS[kind];
    const where = () => `line ${this.position(tag[0]!.offset).line}`;
    if (comps !== components) {
      if (kind === 'rot' && comps === 3) this.warn(`${where()}: @rot_keys declare comps 3 but hold 4 values (w x y z) per key, as the Blender exporter writes them`);
      else this.fail('BAD_VALUE', tag[6]!.offset, `@${kind}_keys need comps ${components}, not ${comps}`);
    }
    const fast = this.keyLines(kind, start, end, declared, components);
    if (fast) return { kind, node, ...fast };
    const lines = this.lines(start, end);
    if (lines.length === declared + 1) this.warn(`${where()}: @${kind}_keys declare count ${declared} but ${lines.length} keys follow, as the Blender exporter writes them; all are read`);
    else if (lines.length !== declared) this.fail('BAD_COUNT', tag[4]!.offset, `@${kind}_keys declare count ${declared} but ${lines.length} key lines follow`);
    const times = new Float32Array(lines.length);
    const values = new Float32Array(lines.length * components);
    lines.forEach((line, k) => {
      this.expectWords(line, ['t', APG_KEY_WORDS[kind]], 3 + components, 0);
      times[k] = this.number(line[1]!);
      for (let c = 0; c < components; c++) values[k * components + c] = this.number(line[3 + c]!);
    });
    return { kind, node, times, values };
  }

  /**
   * The usual key block in one kernel pass over its bytes (parseKeyLines): every non-blank line
   * `t TIME WORD v…` with exactly 3 + components fields and `declared` lines, times and values
   * parsed straight into their arrays. Anything else (a count one off, a wrong word or field
   * count, a bad number, no whitespace after the last token) returns undefined and the
   * token-by-token path says what is wrong. A token per field made two strings and an array per
   * line: most of a key-heavy file's parse. Before parseKeyLines, the block was copied into a
   * workspace, its words blanked there (blankKeyLines), its numbers parsed (parseFloats) and
   * split into times and values in TypeScript: two passes and a split, about 17 % of the speed
   * bar's mrfixit parse.
   */
  private keyLines(kind: ApgKeyKind, start: number, end: number, declared: number, components: number): { times: Float32Array; values: Float32Array } | undefined {
    const word = APG_KEY_WORDS[kind];
    const packed = word.charCodeAt(0) | (word.charCodeAt(1) << 8) | (word.charCodeAt(2) << 16);
    // declared × 2 − 1 ≤ the block's bytes (count()): the arrays are bounded by the input.
    const times = new Float32Array(declared);
    const values = new Float32Array(declared * components);
    if (this.kernels.raw.parseKeyLines(this.kernelText(start, end), packed, components, times, values) !== declared) return undefined;
    return { times, values };
  }

  /** Checks the words at every other token (`words[i]` at token first + 2i; '' skips one) and the token count. */
  private expectWords(tokens: Token[], words: string[], count: number, first = 1): void {
    words.forEach((word, i) => {
      const token = tokens[first + 2 * i];
      if (word && token?.text !== word) this.fail('SYNTAX', token?.offset ?? this.lineEnd(tokens[0]!.offset), `expected "${word}"${token ? `, found "${clip(token.text)}"` : ''}`);
    });
    if (tokens.length !== count) {
      const at = tokens.length > count ? tokens[count]!.offset : this.lineEnd(tokens[0]!.offset);
      this.fail('SYNTAX', at, `expected ${count} fields on this line, found ${tokens.length}`);
    }
  }

  /**
   * A count field, read by one rule for every count of the grammar: an integer in min..max whose
   * items, each taking at least `bytesPerItem` bytes of text (a separator after all but the
   * last), fit in the `left` bytes that follow, checked before anything is allocated or looped.
   */
  private count(token: Token, what: string, left: number, bytesPerItem = MIN_ITEM_BYTES, min = 0, max = 0x7fffffff): number {
    const value = this.integer(token, min, max);
    const needs = value * bytesPerItem - 1;
    if (value > 0 && needs > left) this.fail('BAD_COUNT', token.offset, `${what} ${value} needs at least ${needs} bytes but only ${left} are left`);
    return value;
  }

  private expectComps(token: Token, components: number): void {
    if (this.count(token, 'comps', Infinity) !== components) this.fail('BAD_VALUE', token.offset, `expected comps ${components}`);
  }

  private expectEmpty(start: number, end: number, name: string): void {
    const extra = this.tokens(start, end)[0];
    if (extra) this.fail('SYNTAX', extra.offset, `"${clip(extra.text)}" after @${name}, where a tag line was expected`);
  }

  private integer(token: Token, min: number, max = 0x7fffffff): number {
    if (!/^[+-]?\d{1,10}$/.test(token.text)) this.fail('SYNTAX', token.offset, `"${clip(token.text)}" is not an integer`);
    const value = Number(token.text);
    if (value < min || value > max) this.fail('BAD_VALUE', token.offset, `${value} is outside ${min}..${max}`);
    return value;
  }

  /** One number, by the kernel's own rule (the twin: a single token is not worth a call). */
  private number(token: Token): number {
    // The token's own bytes in the file (latin1: one byte per character).
    const bytes = this.bytes.subarray(token.offset, token.offset + token.text.length);
    if (parseFloatsTwin(bytes, ONE_NUMBER) !== 1) this.fail('SYNTAX', token.offset, `"${clip(token.text)}" is not a number`);
    return ONE_NUMBER[0]!;
  }

  /** The tokens of every non-blank line in [start, end). */
  private lines(start: number, end: number): Token[][] {
    const lines: Token[][] = [];
    for (let at = start; at < end; ) {
      const lineEnd = Math.min(this.lineEnd(at), end);
      const tokens = this.tokens(at, lineEnd);
      if (tokens.length) lines.push(tokens);
      at = this.nextLine(lineEnd);
    }
    return lines;
  }

  private tokens(start: number, end: number): Token[] {
    const tokens: Token[] = [];
    const bytes = this.bytes;
    let i = start;
    while (i < end) {
      while (i < end && isSpace(bytes[i]!)) i++;
      if (i >= end) break;
      const tokenStart = i;
      while (i < end && !isSpace(bytes[i]!)) i++;
      tokens.push({ text: this.latin1(tokenStart, i), offset: tokenStart });
    }
    return tokens;
  }

  private tokenAt(offset: number): string {
    let end = offset;
    while (end < this.bytes.length && !isSpace(this.bytes[end]!)) end++;
    return this.latin1(offset, end);
  }

  /** Offset of the line break ending the line at `at` (or the end of the file). */
  private lineEnd(at: number): number {
    const i = this.bytes.indexOf(NEWLINE, at);
    return i < 0 ? this.bytes.length : i;
  }

  private nextLine(lineEnd: number): number {
    return Math.min(lineEnd + 1, this.bytes.length);
  }

  /** Start of the next line that begins with "@", or the end of the file. */
  private nextTag(from: number): number {
    const bytes = this.bytes;
    if (from < bytes.length && bytes[from] === AT) return from;
    for (let i = bytes.indexOf(AT, from); i >= 0; i = bytes.indexOf(AT, i + 1)) if (bytes[i - 1] === NEWLINE) return i;
    return bytes.length;
  }

  private latin1(start: number, end: number): string {
    const bytes = this.bytes;
    if (end - start <= 32) {
      let s = '';
      for (let i = start; i < end; i++) s += String.fromCharCode(bytes[i]!);
      return s;
    }
    return latin1Text(bytes, start, end);
  }

  /** Free text (the header, animation names), which our writer stores as UTF-8. */
  private utf8(start: number, end: number): string {
    return UTF8.decode(this.bytes.subarray(start, end));
  }

  /** Line and column of byte `offset`: counted from the start of the file, for errors. */
  private position(offset: number): TextPosition {
    return linePosition(this.bytes, offset);
  }

  private warn(message: string): void {
    this.warnings?.push(message);
  }

  private fail(code: MeshFormatErrorCode, offset: number, detail: string): never {
    throw new MeshFormatError({ code, format: 'apg', ...this.position(offset) }, detail);
  }
}

function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

function isBlockTag(name: string): boolean {
  return (APG_VERTEX_ARRAYS as readonly string[]).includes(name) || ['root_transform', 'offset_mat', 'hierarchy', 'tra_keys', 'rot_keys', 'sca_keys'].includes(name);
}

function isNumberToken(text: string): boolean {
  const out = new Float32Array(1);
  return parseFloatsTwin(Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff), out) === 1;
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
