// The glTF JSON's decoding and parse (json-text.ts): long base64 payloads of data: URIs are cut
// out of JSON.parse's way and put back, and large ASCII text is decoded as latin1 in Node. The
// result must be what TextDecoder + JSON.parse give, for any text: payloads where the writer puts
// them, and payloads, markers and escapes anywhere else (a name, a key, an image, a second
// buffer, a duplicate key, text that does not parse). Then whole embedded .gltf files read the
// same Asset with the cut and without it, on every backend.
import { describe, expect, it } from 'vitest';
import { gltfFormat } from '../bindings/formats/gltf/gltf-format.js';
import { readGltfInput } from '../bindings/formats/gltf/read-gltf.js';
import type { MeshFormatError } from '../bindings/io/errors.js';
import { decodeJsonText, JSON_TEXT_DEFAULTS, parseJsonText } from '../bindings/formats/gltf/json-text.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { assetDigest } from './helpers/fuzz.js';

const kernels = allKernels();
const payload = (n: number, seed = 1) => Buffer.from(Uint8Array.from({ length: n }, (_, i) => (i * 131 + seed * 17) & 255)).toString('base64');
const P = payload(20000);
const Q = payload(15000, 2);

/** What the parse must give: JSON.parse of the whole text, or its error message. */
function reference(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    return `error: ${(e as Error).message}`;
  }
}

function parsed(text: string): unknown {
  try {
    return parseJsonText(text).json;
  } catch (e) {
    return `error: ${(e as Error).message}`;
  }
}

const DOC = (buffers: string, extra = '') => `{"asset":{"version":"2.0"}${extra},"buffers":[${buffers}]}`;
const CASES: [string, string, number][] = [
  ['a buffer', DOC(`{"byteLength":15000,"uri":"data:application/octet-stream;base64,${P}"}`), 1],
  ['two buffers and an image', DOC(`{"byteLength":1,"uri":"data:application/octet-stream;base64,${P}"},{"byteLength":1,"uri":"data:application/gltf-buffer;base64,${Q}"}`, `,"images":[{"uri":"data:image/png;base64,${Q}"}]`), 2],
  ['a payload in a mesh name', DOC('{"byteLength":1}', `,"meshes":[{"name":"x;base64,${P}"}]`), 0],
  ['a payload in a key', DOC('{"byteLength":1}', `,"extras":{"a;base64,${P}":1}`), 0],
  ['a payload in a buffer name', DOC(`{"byteLength":1,"name":"data:x;base64,${P}","uri":"data:application/octet-stream;base64,${Q}"}`), 0],
  ['the marker already in the text', DOC(`{"byteLength":1,"uri":"data:application/octet-stream;base64,${P}"}`, ',"extras":{"n":"meshcodecCut0x"}'), 0],
  ['the marker spelt by escapes in a uri', DOC(`{"byteLength":1,"uri":"data:x;base64,\\u006deshcodecCut0x"},{"byteLength":1,"name":"data:x;base64,${P}"}`), 0],
  ['an escaped slash in the uri', DOC(`{"byteLength":1,"uri":"data:application\\/octet-stream;base64,${P}"}`), 0],
  ['a duplicate uri key', DOC(`{"byteLength":1,"uri":"data:a;base64,${P}","uri":"b.bin"}`), 0],
  ['a payload then a space', DOC(`{"byteLength":1,"uri":"data:a;base64,${P} "}`), 1],
  ['a comma before ;base64,', DOC(`{"byteLength":1,"uri":"data:a,b;base64,${P}"}`), 1],
  ['a payload outside any string', `{"asset":{"version":"2.0"},"x":;base64,${P}"}`, 0],
  ['unterminated', DOC(`{"byteLength":1,"uri":"data:a;base64,${P}`), 0],
  ['not JSON after the payload', DOC(`{"byteLength":1,"uri":"data:a;base64,${P}"}`).slice(0, -1), 0],
  ['a short payload', DOC(`{"byteLength":1,"uri":"data:a;base64,${payload(3000)}"}`), 0],
  ['twelve buffers (markers past 9)', DOC(Array.from({ length: 12 }, (_, i) => `{"byteLength":1,"uri":"data:a;base64,${payload(13000, i)}"}`).join(',')), 12],
  // Each mark's payload runs to the same far quote: searched once, not once per mark (a hang otherwise).
  ['131,072 marks before one quote', `{"asset":{"version":"2.0"},"x":"${';base64,'.repeat(131072)}"}`, 0],
  ['a long payload whose uri has a marker-like name after it', DOC(`{"byteLength":1,"uri":"data:a;base64,${P}"},{"byteLength":1,"uri":"meshcodecCut0x"}`), 0],
];

/** What readGltfInput makes of `text` as a .gltf: its JSON and buffers, or its error. */
function outcome(text: string): unknown {
  try {
    const input = readGltfInput(new TextEncoder().encode(text), undefined, kernels.js);
    return { json: input.json, buffers: input.buffers.map((b) => Buffer.from(b).toString('hex')) };
  } catch (e) {
    const error = e as MeshFormatError;
    return { error: error.message, code: error.code, offset: error.offset };
  }
}

/** `run` with the cut off (what the reader did before it). */
function uncut<T>(run: () => T): T {
  const { cutMinChars } = JSON_TEXT_DEFAULTS;
  JSON_TEXT_DEFAULTS.cutMinChars = Infinity;
  try {
    return run();
  } finally {
    JSON_TEXT_DEFAULTS.cutMinChars = cutMinChars;
  }
}

/** Payloads the JSON (or base64) does not allow (template literals: \u0001 and \n are the raw characters): the reader must answer as without the cut. */
const HOSTILE: [string, string][] = [
  ['a control character in a buffer payload', DOC(`{"byteLength":1,"uri":"data:a;base64,${P.slice(0, 100)}\u0001${P.slice(101)}"}`)],
  ['a newline in a buffer payload', DOC(`{"byteLength":1,"uri":"data:a;base64,${P.slice(0, 100)}\n${P.slice(101)}"}`)],
  ['a backslash before the closing quote', DOC(`{"byteLength":1,"uri":"data:a;base64,${P}\\","byteOffset":"x"}`)],
  ['an escaped quote ending a payload', DOC(`{"byteLength":1,"uri":"data:a;base64,${P}\\"}"}`)],
  ['a space in a buffer payload', DOC(`{"byteLength":1,"uri":"data:a;base64,${P.slice(0, 100)} ${P.slice(101)}"}`)],
  ['non-ASCII in a buffer payload', DOC(`{"byteLength":1,"uri":"data:a;base64,${P.slice(0, 100)}é${P.slice(101)}"}`)],
  ['a control character in an image payload', DOC('{"byteLength":1}', `,"images":[{"uri":"data:image/png;base64,${P.slice(0, 100)}\u0002${P.slice(101)}"}]`)],
  ['an image payload with a space', DOC('{"byteLength":1}', `,"images":[{"uri":"data:image/png;base64,${P.slice(0, 100)} ${P.slice(101)}"}]`)],
  ['not a data: URI', DOC(`{"byteLength":1,"uri":"file:a;base64,${P}"}`)],
  ['a comma before ;base64,', DOC(`{"byteLength":1,"uri":"data:a,b;base64,${P}"}`)],
  ['a buffer that is too short', DOC(`{"byteLength":999999,"uri":"data:a;base64,${P}"}`)],
];

describe('parseJsonText', () => {
  for (const [name, text, cut] of CASES) {
    it(`is JSON.parse of the whole text: ${name}`, () => {
      expect(parsed(text)).toEqual(reference(text));
      const uris = (reference(text) as { buffers?: { uri?: string }[] }).buffers?.map((b) => b.uri);
      if (typeof reference(text) === 'object') expect(parseJsonText(text).cuts.filter((c, i) => c !== undefined && c.prefix + c.payload === uris![i]).length).toBe(cut);
      expect(outcome(text)).toEqual(uncut(() => outcome(text)));
    });
  }
  for (const [name, text] of HOSTILE) {
    it(`leaves the reader's answer as it was: ${name}`, () => {
      expect(outcome(text)).toEqual(uncut(() => outcome(text)));
    });
  }
});

describe('decodeJsonText', () => {
  it('is TextDecoder for ASCII, non-ASCII and invalid UTF-8, past the latin1 threshold', () => {
    const ascii = new TextEncoder().encode(DOC(`{"byteLength":1,"uri":"data:a;base64,${payload(300000)}"}`));
    expect(ascii.length).toBeGreaterThan(JSON_TEXT_DEFAULTS.decodeLatin1MinBytes);
    expect(decodeJsonText(ascii)).toBe(new TextDecoder().decode(ascii));
    const latin = new TextEncoder().encode(DOC(`{"byteLength":1,"name":"é ĉapelo ☂","uri":"data:a;base64,${payload(300000)}"}`));
    expect(decodeJsonText(latin)).toBe(new TextDecoder().decode(latin));
    const invalid = latin.slice();
    invalid[latin.indexOf(0xc3)] = 0xff;
    expect(() => decodeJsonText(invalid)).toThrow(TypeError);
    // Bytes of 0x80–0xff that are not UTF-8 on their own but are latin1: refused as before.
    const high = ascii.slice();
    high[40] = 0xe9;
    expect(() => decodeJsonText(high)).toThrow(TypeError);
  });
});

describe.each(BACKENDS)('an embedded .gltf on %s', (backend) => {
  it('reads the same Asset with its base64 cut out of the parse and without', () => {
    const o = { kernels: kernels[backend] };
    const { cutMinChars, decodeLatin1MinBytes } = JSON_TEXT_DEFAULTS;
    try {
      for (const [rings, segments] of [[3, 5], [40, 60], [200, 120]] as const) {
        const file = gltfFormat.encodeSync(tubeAsset({ rings, segments, frames: 3 }), o);
        JSON_TEXT_DEFAULTS.cutMinChars = Infinity;
        JSON_TEXT_DEFAULTS.decodeLatin1MinBytes = Infinity;
        const expected = assetDigest(gltfFormat.parseSync(file, o));
        JSON_TEXT_DEFAULTS.cutMinChars = 64;
        JSON_TEXT_DEFAULTS.decodeLatin1MinBytes = 64;
        expect(parseJsonText(new TextDecoder().decode(file)).cuts.filter(Boolean).length).toBe(1);
        expect(assetDigest(gltfFormat.parseSync(file, o)), `${rings}×${segments}`).toBe(expected);
        JSON_TEXT_DEFAULTS.cutMinChars = cutMinChars;
        JSON_TEXT_DEFAULTS.decodeLatin1MinBytes = decodeLatin1MinBytes;
      }
    } finally {
      JSON_TEXT_DEFAULTS.cutMinChars = cutMinChars;
      JSON_TEXT_DEFAULTS.decodeLatin1MinBytes = decodeLatin1MinBytes;
    }
  });
});
