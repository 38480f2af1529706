// The JSON of a glTF read out of its bytes: the text decoded, then `JSON.parse`d with its long
// base64 `data:` URIs (an embedded .gltf's buffers and images) cut out of the parser's way.
//
// Measured on the speed bar's mrfixit ×5 written as one embedded .gltf (1.28 MB, of which 1.27 MB
// is the buffer's base64; Node 20, shared 2-core machine at load 6–10, medians of an interleaved
// loop): the whole parse 1.9–2.6 ms, of which `TextDecoder.decode` 532–645 µs (the new 1.28 MB
// string's fresh pages: 38 kB decode in 2.2 µs) and `JSON.parse` 847–898 µs, against 133–147 µs for
// the same JSON with the URI's base64 cut out. So:
// - in Node, text from `decodeLatin1MinBytes` on is read by Buffer's latin1 decoding (72 µs; Node
//   keeps a string past 1 MB outside V8's heap) and kept when it is ASCII (its UTF-8 length is its
//   length: 150 µs), where the two decodings agree; otherwise, and in browsers, TextDecoder as before;
// - a payload of at least `cutMinChars` characters after `;base64,` and up to the next quote is
//   replaced by a marker before `JSON.parse`, and put back into the `uri` it was in.
//   The result is `JSON.parse` of the whole text when the payload is base64 (the alphabet and '='),
//   which the buffer reader then checks by decoding it (read-gltf.ts: a payload that does not
//   decode sends the read back to the whole text's parse, errors included, and so does any error
//   met before every cut payload has decoded, since the whole text may not parse): those characters and
//   the marker's (letters and digits) are literal inside a JSON string and never start or end a
//   token, so both texts have the same tokens wherever the marker stands inside a string. The
//   marker occurs once in the cut text, which has no backslash (no escape can spell a marker
//   elsewhere), and the cut is kept only when the marker ends a string `buffers[i].uri` (then that
//   string's token held the payload), or an `images[i].uri` whose payload a regular expression
//   finds to be base64 characters (images are decoded elsewhere); otherwise (a marker anywhere
//   else, a cut text that does not parse) the whole text is parsed as before. A scan of a buffer's
//   payload in a JavaScript loop cost more than the parse it saves (the door's 39 kB of base64:
//   25 → 78 µs a parse), so its decoding checks it.
// Alternatives: a JSON parser of our own over the bytes (1.5–2.5× slower than JSON.parse on the
// speed bar's JSON chunks, measured in a prototype); decoding the payload straight from the bytes
// (the base64 kernel reads bytes, but takes 801 µs where Node's Buffer takes 112 from a string).

/** Node's Buffer, for its latin1 decoding (browsers have none). */
interface NodeBufferLike {
  from(buffer: ArrayBufferLike, byteOffset: number, length: number): { toString(encoding: 'latin1'): string };
  byteLength(text: string, encoding: 'utf8'): number;
}
const NodeBuffer = (globalThis as { Buffer?: NodeBufferLike }).Buffer;

export const JSON_TEXT_DEFAULTS = {
  /** From this many bytes on, Node decodes the JSON as latin1 when it is ASCII (smaller text decodes fast either way). */
  decodeLatin1MinBytes: 262144,
  /** Base64 payloads of at least this many characters are cut out of the text before JSON.parse. */
  cutMinChars: 16384,
};

/** One decoder for every call (each `decode` without `stream` starts afresh). */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** `bytes` as text, as TextDecoder('utf-8', { fatal: true }) gives it; throws (TypeError) where that throws. */
export function decodeJsonText(bytes: Uint8Array): string {
  if (NodeBuffer !== undefined && bytes.length >= JSON_TEXT_DEFAULTS.decodeLatin1MinBytes) {
    const text = NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');
    // ASCII exactly when no character takes two UTF-8 bytes; then latin1 and UTF-8 read the same.
    if (NodeBuffer.byteLength(text, 'utf8') === bytes.length) return text;
  }
  return UTF8.decode(bytes);
}

/** A `uri` put back together: `prefix` (up to `;base64,`) + `payload`. */
export interface CutUri {
  prefix: string;
  payload: string;
}

/** A parsed glTF JSON with, per buffer, its `data:` URI's two parts when the payload was cut out (see the file's note). */
export interface ParsedJson {
  json: unknown;
  /**
   * `cuts[i]`: buffers[i].uri as prefix and payload (the uri itself is their concatenation, a
   * string V8 copies whole into one the first time it is searched or sliced: the buffer reader
   * reads the parts instead).
   */
  cuts: (CutUri | undefined)[];
}

const NO_CUTS: (CutUri | undefined)[] = [];
const BASE64_RUN = /^[A-Za-z0-9+/=]*$/;
const BASE64_MARK = ';base64,';
/** Markers are MARKER, their number, and 'x'. */
const MARKER = 'meshcodecCut';

/**
 * `JSON.parse(text)`, long base64 payloads cut out of the parser's way (the file's note; `cut`
 * false: never); throws what JSON.parse throws. A cut buffer's payload is the whole text's only
 * once it decodes as base64 (the caller's check).
 */
export function parseJsonText(text: string, cut = true): ParsedJson {
  if (!cut || text.length < JSON_TEXT_DEFAULTS.cutMinChars) return { json: JSON.parse(text), cuts: NO_CUTS };
  const cutText = cutPayloads(text);
  if (cutText !== undefined) {
    let json: unknown;
    try {
      json = JSON.parse(cutText.text);
    } catch {
      json = undefined;
    }
    const cuts = json === undefined ? undefined : restorePayloads(json, cutText.markers, cutText.payloads);
    if (cuts !== undefined) return { json, cuts };
  }
  return { json: JSON.parse(text), cuts: NO_CUTS };
}

/** `text` with each long base64 payload replaced by a marker found once in the result, or undefined when there is none. */
function cutPayloads(text: string): { text: string; markers: string[]; payloads: string[] } | undefined {
  const pieces: string[] = [];
  const markers: string[] = [];
  const payloads: string[] = [];
  let from = 0;
  for (let mark = text.indexOf(BASE64_MARK); mark >= 0; mark = text.indexOf(BASE64_MARK, mark + 1)) {
    const start = mark + BASE64_MARK.length;
    const end = text.indexOf('"', start);
    if (end < 0) break;
    if (end - start < JSON_TEXT_DEFAULTS.cutMinChars) {
      // A mark before `end` would end there too, with less after it: the search goes on past `end`
      // (each character is searched once, however many marks a text holds).
      mark = end;
      continue;
    }
    const marker = `${MARKER}${markers.length}x`;
    pieces.push(text.slice(from, start), marker);
    markers.push(marker);
    payloads.push(text.slice(start, end));
    from = end;
    mark = end;
  }
  if (markers.length === 0) return undefined;
  pieces.push(text.slice(from));
  const cut = pieces.join('');
  // No escape anywhere: every string then parses to its own characters, so only the marker's own
  // occurrence can put it in a string (an escape could spell it elsewhere).
  if (cut.indexOf('\\') >= 0) return undefined;
  // Each marker once in the cut text (one also in the rest of the text would be ambiguous): as
  // many occurrences of MARKER as markers were put in, counted in one pass (a search per marker
  // would be quadratic in a long text of many payloads).
  let occurrences = 0;
  for (let at = cut.indexOf(MARKER); at >= 0; at = cut.indexOf(MARKER, at + MARKER.length)) occurrences++;
  if (occurrences !== markers.length) return undefined;
  return { text: cut, markers, payloads };
}

/**
 * Puts each payload back where its marker ended up, or undefined when a marker is anywhere but at
 * the end of a string `buffers[i].uri` or `images[i].uri` (an image's payload only when it is
 * base64 characters). Gives each buffer's parts.
 */
function restorePayloads(json: unknown, markers: string[], payloads: string[]): (CutUri | undefined)[] | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const root = json as Record<string, unknown>;
  let found = 0;
  const ofBuffers: (CutUri | undefined)[] = [];
  for (const key of ['buffers', 'images'] as const) {
    const list = root[key];
    if (!Array.isArray(list)) continue;
    for (let i = 0; i < list.length; i++) {
      const def = list[i] as Record<string, unknown> | null;
      if (typeof def !== 'object' || def === null || Array.isArray(def) || typeof def.uri !== 'string') continue;
      const uri = def.uri;
      // The marker this uri ends with, if any, found by its number (one look per uri).
      const at = uri.endsWith('x') ? uri.lastIndexOf(MARKER) : -1;
      if (at < 0) continue;
      const m = Number(uri.slice(at + MARKER.length, -1));
      if (!(m >= 0 && m < markers.length) || uri.slice(at) !== markers[m]) continue;
      // An image's payload is checked here (its decoding is elsewhere); a buffer's by its reader.
      if (key === 'images' && !BASE64_RUN.test(payloads[m]!)) return undefined;
      const prefix = uri.slice(0, at);
      def.uri = prefix + payloads[m]!;
      if (key === 'buffers') ofBuffers[i] = { prefix, payload: payloads[m]! };
      found++;
    }
  }
  return found === markers.length ? ofBuffers : undefined;
}
