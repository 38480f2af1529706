// Review of round seven's embedded-.gltf parse (json-text.ts, read-gltf.ts): with its long base64
// payloads cut out of JSON.parse's way, an embedded .gltf must read as it did without the cut —
// the same Asset, or the same MeshFormatError (code, offset, message) — on every backend.
// A buffer's payload is only known to be JSON string text once it decodes; errors met before that
// (its byteLength, an earlier buffer, asset.version) used to escape in place of the whole text's
// SYNTAX error. Then a property: random embedded files, randomly mutated, read the same with the
// cut and without (the reader before round seven: whole text, TextDecoder).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gltfFormat } from '../bindings/formats/gltf/gltf-format.js';
import { JSON_TEXT_DEFAULTS } from '../bindings/formats/gltf/json-text.js';
import type { MeshFormatError } from '../bindings/io/errors.js';
import type { Kernels } from '../bindings/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { assetDigest } from './helpers/fuzz.js';

const kernels = allKernels();
const payload = (n: number, seed = 1) => Buffer.from(Uint8Array.from({ length: n }, (_, i) => (i * 131 + seed * 17) & 255)).toString('base64');
const P = payload(15000);
/** P with a bad escape (`\q`) and with a raw tab: not JSON string text, but cut out of the parse. */
const BAD_ESCAPE = `${P.slice(0, 100)}\\q${P.slice(102)}`;
const RAW_TAB = `${P.slice(0, 100)}\t${P.slice(101)}`;
const uri = (p: string) => `data:application/octet-stream;base64,${p}`;

/** What the reader makes of `bytes`: the Asset's digest, or the error's code, offset and message. */
function outcome(bytes: Uint8Array, k: Kernels): unknown {
  try {
    return assetDigest(gltfFormat.parseSync(bytes, { kernels: k }));
  } catch (e) {
    const error = e as MeshFormatError;
    return { name: error.name, code: error.code, offset: error.offset, message: error.message };
  }
}

/** outcome with the cut and the latin1 decoding off: the reader as it was before round seven. */
function before(bytes: Uint8Array, k: Kernels): unknown {
  const { cutMinChars, decodeLatin1MinBytes } = JSON_TEXT_DEFAULTS;
  JSON_TEXT_DEFAULTS.cutMinChars = Infinity;
  JSON_TEXT_DEFAULTS.decodeLatin1MinBytes = Infinity;
  try {
    return outcome(bytes, k);
  } finally {
    JSON_TEXT_DEFAULTS.cutMinChars = cutMinChars;
    JSON_TEXT_DEFAULTS.decodeLatin1MinBytes = decodeLatin1MinBytes;
  }
}

/** outcome with Node's latin1 decoding from 64 bytes on (a non-ASCII byte in a large file: latin1 must give way to TextDecoder). */
function latin1(bytes: Uint8Array, k: Kernels): unknown {
  const { decodeLatin1MinBytes } = JSON_TEXT_DEFAULTS;
  JSON_TEXT_DEFAULTS.decodeLatin1MinBytes = 64;
  try {
    return outcome(bytes, k);
  } finally {
    JSON_TEXT_DEFAULTS.decodeLatin1MinBytes = decodeLatin1MinBytes;
  }
}

/** Files whose cut payload is not JSON string text, with an error met before that payload is decoded. */
const ERRORS_BEFORE_THE_DECODE: [string, string][] = [
  ['byteLength 0, a bad escape in the payload', `{"asset":{"version":"2.0"},"buffers":[{"byteLength":0,"uri":"${uri(BAD_ESCAPE)}"}]}`],
  ['byteLength 0, a raw tab in the payload', `{"asset":{"version":"2.0"},"buffers":[{"byteLength":0,"uri":"${uri(RAW_TAB)}"}]}`],
  ['an unresolved external buffer first', `{"asset":{"version":"2.0"},"buffers":[{"byteLength":4,"uri":"a.bin"},{"byteLength":4,"uri":"${uri(RAW_TAB)}"}]}`],
  ['an earlier buffer whose byteLength is a string', `{"asset":{"version":"2.0"},"buffers":[{"byteLength":"4"},{"byteLength":4,"uri":"${uri(BAD_ESCAPE)}"}]}`],
  ['no asset.version', `{"asset":{},"buffers":[{"byteLength":4,"uri":"${uri(BAD_ESCAPE)}"}]}`],
  ['glTF 3.0', `{"asset":{"version":"3.0"},"buffers":[{"byteLength":4,"uri":"${uri(RAW_TAB)}"}]}`],
];

/** `json` as a GLB's JSON chunk (padded with spaces), no BIN chunk. */
function glb(json: string): Uint8Array {
  const text = new TextEncoder().encode(json);
  const padded = (text.length + 3) & ~3;
  const out = new Uint8Array(20 + padded).fill(0x20, 20);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, out.length, true);
  view.setUint32(12, padded, true);
  view.setUint32(16, 0x4e4f534a, true);
  out.set(text, 20);
  return out;
}

describe.each(BACKENDS)('the cut parse on %s', (backend) => {
  const k = kernels[backend];
  it("gives the whole JSON chunk's SYNTAX error in a GLB (its offset in the file)", () => {
    const bytes = glb(`{"asset":{"version":"2.0"},"buffers":[{"byteLength":0,"uri":"${uri(RAW_TAB)}"}]}`);
    const expected = before(bytes, k) as { code: string; offset: number };
    expect(expected.code).toBe('SYNTAX');
    expect(expected.offset).toBeGreaterThan(20);
    expect(outcome(bytes, k)).toEqual(expected);
  });
  for (const [name, text] of ERRORS_BEFORE_THE_DECODE) {
    it(`gives the whole text's SYNTAX error: ${name}`, () => {
      const bytes = new TextEncoder().encode(text);
      const expected = before(bytes, k) as { code: string };
      expect(expected.code).toBe('SYNTAX');
      expect(outcome(bytes, k)).toEqual(expected);
    });
  }
});

/** One mutation of a text: what goes in at a relative position (or a cut-off end). */
const MUTATION = fc.oneof(
  fc.record({
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    insert: fc.constantFrom('"', '\\', '\\"', '\\\\', '\\u0022', '\\/', '\t', '\n', ' ', '=', 'A', ';base64,', 'meshcodecCut0x', 'meshcodecCut', 'é', '☂', '\uFEFF', ',"uri":"x"', '}', '{'),
    remove: fc.integer({ min: 0, max: 3 }),
  }),
  fc.record({ truncate: fc.double({ min: 0, max: 1, noNaN: true }) }),
);

/** An embedded .gltf of a small tube, with extra JSON around its buffer (images, names, extras, duplicate keys). */
const DOCUMENT = fc.record({
  rings: fc.integer({ min: 2, max: 6 }),
  segments: fc.integer({ min: 3, max: 8 }),
  images: fc.array(fc.record({ chars: fc.integer({ min: 0, max: 20000 }), seed: fc.integer({ min: 0, max: 9 }) }), { maxLength: 2 }),
  extraBuffers: fc.array(fc.record({ chars: fc.integer({ min: 15000, max: 20000 }), seed: fc.integer({ min: 0, max: 9 }) }), { maxLength: 2 }),
  named: fc.boolean(),
  duplicateUri: fc.constantFrom('none', 'first', 'last'),
  // An error the reader meets before it decodes the first buffer's payload, or none.
  early: fc.constantFrom('none', 'none', 'version 3.0', 'no version', 'byteLength 0'),
  mutations: fc.array(MUTATION, { maxLength: 3 }),
});

/** The tube as a .gltf with its buffer embedded, then the document's additions spliced into its JSON text. */
function build(d: { rings: number; segments: number; images: { chars: number; seed: number }[]; extraBuffers: { chars: number; seed: number }[]; named: boolean; duplicateUri: string; early: string; mutations: ({ at: number; insert: string; remove: number } | { truncate: number })[] }): string {
  // Enough vertices that the buffer's base64 is past cutMinChars (it is cut).
  const file = gltfFormat.encodeSync(tubeAsset({ rings: d.rings * 10, segments: d.segments * 5, frames: 2 }), { kernels: kernels.js });
  const json = JSON.parse(new TextDecoder().decode(file)) as Record<string, unknown>;
  const buffers = json.buffers as Record<string, unknown>[];
  if (d.early === 'version 3.0') json.asset = { version: '3.0' };
  if (d.early === 'no version') json.asset = {};
  if (d.early === 'byteLength 0') buffers[0]!.byteLength = 0;
  for (const b of d.extraBuffers) buffers.push({ byteLength: 3, uri: uri(payload(Math.ceil((b.chars * 3) / 4), b.seed)) });
  if (d.images.length > 0) json.images = d.images.map((im) => ({ uri: `data:image/png;base64,${payload(Math.ceil((im.chars * 3) / 4), im.seed)}` }));
  if (d.named) json.extras = { note: `data:x;base64,${payload(13000)}`, uri: uri(payload(13000, 3)) };
  let text = JSON.stringify(json);
  const first = text.indexOf('"uri":"');
  if (d.duplicateUri === 'first') text = `${text.slice(0, first)}"uri":"${uri(payload(13000, 5))}",${text.slice(first)}`;
  // A second uri in the first buffer, before its own or after it (JSON.parse keeps the last).
  const end = text.indexOf('"', text.indexOf(';base64,', first)) + 1;
  if (d.duplicateUri === 'last') text = `${text.slice(0, end)},"uri":"${uri(payload(13000, 6))}"${text.slice(end)}`;
  for (const m of d.mutations) {
    if ('truncate' in m) text = text.slice(0, Math.floor(m.truncate * text.length));
    else {
      // Mostly near a payload's ends, where a cut decides.
      const at = Math.floor(m.at * text.length);
      text = text.slice(0, at) + m.insert + text.slice(at + m.remove);
    }
  }
  return text;
}

describe.each(BACKENDS)('random embedded .gltf files on %s', (backend) => {
  const k = kernels[backend];
  it('read the same with the cut as without (the same Asset or the same error)', () => {
    fc.assert(
      fc.property(DOCUMENT, fc.option(fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), value: fc.constantFrom(0xff, 0xc3, 0x80, 0xe9, 0xef, 0x00) })), (d, flip) => {
        const bytes = new TextEncoder().encode(build(d));
        // A byte that may make the text invalid UTF-8 (or a raw NUL).
        if (flip !== null && bytes.length > 0) bytes[Math.min(bytes.length - 1, Math.floor(flip.at * bytes.length))] = flip.value;
        const expected = before(bytes, k);
        expect(outcome(bytes, k)).toEqual(expected);
        expect(latin1(bytes, k)).toEqual(expected);
      }),
      { numRuns: 60, seed: 7207 },
    );
  });
  it('read the same with mutations placed at a payload\'s two ends', () => {
    fc.assert(
      fc.property(DOCUMENT, fc.boolean(), fc.integer({ min: -3, max: 3 }), (d, atEnd, shift) => {
        const text = build({ ...d, mutations: [] });
        const mark = text.indexOf(';base64,');
        const at = Math.max(0, (atEnd ? text.indexOf('"', mark) : mark + 8) + shift);
        const m = d.mutations.find((x) => 'insert' in x) as { insert: string; remove: number } | undefined;
        const mutated = text.slice(0, at) + (m?.insert ?? '\\') + text.slice(at + (m?.remove ?? 0));
        const bytes = new TextEncoder().encode(mutated);
        const expected = before(bytes, k);
        expect(outcome(bytes, k)).toEqual(expected);
        expect(latin1(bytes, k)).toEqual(expected);
      }),
      { numRuns: 60, seed: 7208 },
    );
  });
});

describe.each(BACKENDS)('external buffers beside cut payloads on %s', (backend) => {
  const k = kernels[backend];
  // buffers[1]'s payload is cut out, then fails to decode ('=' inside) or is not JSON (a raw tab):
  // the whole text is read again, and must not ask for buffers[0]'s file a second time.
  const EQUALS_INSIDE = `${P.slice(0, 100)}=${P.slice(101)}`;
  for (const [name, p] of [['a payload that does not decode', EQUALS_INSIDE], ['a payload that is not JSON', RAW_TAB]] as const) {
    it(`asks the resolver once per buffer, as a single read does: ${name}`, () => {
      const text = `{"asset":{"version":"2.0"},"buffers":[{"byteLength":4,"uri":"a.bin"},{"byteLength":4,"uri":"a.bin"},{"byteLength":4,"uri":"${uri(p)}"}]}`;
      const bytes = new TextEncoder().encode(text);
      const ask = (calls: string[]) => (n: string) => (calls.push(n), new Uint8Array(4));
      const uncutCalls: string[] = [];
      const cutCalls: string[] = [];
      const { cutMinChars } = JSON_TEXT_DEFAULTS;
      JSON_TEXT_DEFAULTS.cutMinChars = Infinity;
      let expected: unknown;
      try {
        expected = outcomeOf(() => gltfFormat.parseSync(bytes, { kernels: k, resolve: ask(uncutCalls) }));
      } finally {
        JSON_TEXT_DEFAULTS.cutMinChars = cutMinChars;
      }
      expect(outcomeOf(() => gltfFormat.parseSync(bytes, { kernels: k, resolve: ask(cutCalls) }))).toEqual(expected);
      // Each buffer's file once. The whole text's read of a payload that is not JSON asks for none
      // (its parse fails first); the cut read has asked for them by then (the answer is the same error).
      expect(cutCalls).toEqual(['a.bin', 'a.bin']);
      expect(uncutCalls).toEqual(p === RAW_TAB ? [] : ['a.bin', 'a.bin']);
    });
  }
  it('asks a resolver that throws once, and gives its error', () => {
    // The whole text parses, so the read after the cut one reaches the resolver too.
    const text = `{"asset":{"version":"2.0"},"buffers":[{"byteLength":4,"uri":"a.bin"},{"byteLength":4,"uri":"${uri(`${P.slice(0, 100)}=${P.slice(101)}`)}"}]}`;
    let calls = 0;
    const resolve = () => {
      calls++;
      throw new Error('no disk');
    };
    expect(() => gltfFormat.parseSync(new TextEncoder().encode(text), { kernels: k, resolve })).toThrow();
    expect(calls).toBe(1);
  });
});

function outcomeOf(run: () => unknown): unknown {
  try {
    run();
    return 'read';
  } catch (e) {
    const error = e as MeshFormatError;
    return { code: error.code, offset: error.offset, message: error.message };
  }
}
