// Truevision TGA to 8-bit pixels, top row first, for the glTF writer's TGA → PNG conversion.
//
// Alternatives: the npm TGA decoders (@lunapaint/tga-codec, ~13k downloads a week: its decode is
// async, which the synchronous writers cannot await; tga-js, ~10k a week: built around a canvas,
// allocates from the header's dimensions before checking the data holds them). The format is
// small (an 18-byte header, raw or run-length pixels in four layouts), so this decoder is written
// here: synchronous, in the browser bundle as in Node, and refusing with MeshFormatError (format
// 'tga', byte offset) before any allocation the file cannot justify.
import { MeshFormatError, type MeshFormatErrorCode } from '../io/errors.js';
import { MemoryBudget } from '../io/memory-budget.js';

export interface DecodedImage {
  width: number;
  height: number;
  /** 1 grey, 2 grey + alpha, 3 RGB, 4 RGBA. */
  channels: 1 | 2 | 3 | 4;
  /** width × height × channels bytes, rows top to bottom, pixels left to right. */
  data: Uint8Array;
}

const HEADER_BYTES = 18;

function fail(code: MeshFormatErrorCode, offset: number, detail: string): never {
  throw new MeshFormatError({ code, format: 'tga', offset }, detail);
}

/** Image types: 1/9 colour-mapped, 2/10 true colour, 3/11 greyscale; 9–11 run-length encoded. */
const KINDS: Readonly<Record<number, 'mapped' | 'true' | 'grey'>> = { 1: 'mapped', 2: 'true', 3: 'grey', 9: 'mapped', 10: 'true', 11: 'grey' };

/**
 * Decodes a TGA file: colour-mapped (8-bit indices into 15/16/24/32-bit entries), true colour
 * (15/16, 24, 32 bits) and greyscale (8 bits, 16 with alpha), raw or RLE, either origin (the
 * descriptor's top-to-bottom and right-to-left bits). 32-bit pixels keep their alpha, except
 * when the descriptor says there are no alpha bits and every alpha byte is 0 (tools that write
 * the fourth byte unused): then the image is opaque RGB. Throws MeshFormatError for a file that
 * is truncated, of an unknown type or depth, or whose pixels would take more memory than
 * MemoryBudget allows for its size (the output is checked before it is allocated; an RLE file
 * cannot expand past 128 pixels per packet either).
 */
export function decodeTga(bytes: Uint8Array): DecodedImage {
  if (bytes.length < HEADER_BYTES) fail('TRUNCATED', bytes.length, `the file has ${bytes.length} bytes, fewer than the 18 of a TGA header`);
  const u16 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8);
  const idLength = bytes[0]!;
  const mapType = bytes[1]!;
  const imageType = bytes[2]!;
  const kind = KINDS[imageType];
  if (!kind) fail(imageType === 0 ? 'BAD_VALUE' : 'UNSUPPORTED', 2, imageType === 0 ? 'the image type is 0 (no image data)' : `image type ${imageType} is not a TGA type this decoder reads (1–3, 9–11)`);
  const rle = imageType >= 9;
  const mapFirst = u16(3);
  const mapLength = u16(5);
  const mapEntryBits = bytes[7]!;
  const width = u16(12);
  const height = u16(14);
  const depth = bytes[16]!;
  const descriptor = bytes[17]!;
  const alphaBits = descriptor & 0x0f;
  const rightToLeft = (descriptor & 0x10) !== 0;
  const topToBottom = (descriptor & 0x20) !== 0;
  if (width === 0 || height === 0) fail('BAD_VALUE', 12, `the image is ${width}×${height} pixels`);
  if (mapType > 1) fail('UNSUPPORTED', 1, `colour map type ${mapType} is not 0 or 1`);
  if (kind === 'mapped' && mapType !== 1) fail('BAD_VALUE', 1, 'a colour-mapped image has no colour map');
  const validDepth = kind === 'mapped' ? depth === 8 : kind === 'grey' ? depth === 8 || depth === 16 : depth === 15 || depth === 16 || depth === 24 || depth === 32;
  if (!validDepth) fail('UNSUPPORTED', 16, `${depth}-bit pixels are not read for a ${kind === 'mapped' ? 'colour-mapped' : kind === 'grey' ? 'greyscale' : 'true-colour'} image`);
  const entryBytes = mapType === 1 ? Math.ceil(mapEntryBits / 8) : 0;
  if (mapType === 1 && ![15, 16, 24, 32].includes(mapEntryBits)) fail('UNSUPPORTED', 7, `colour map entries of ${mapEntryBits} bits are not read (15, 16, 24, 32)`);
  const mapStart = HEADER_BYTES + idLength;
  const dataStart = mapStart + mapLength * entryBytes;
  if (dataStart > bytes.length) fail('TRUNCATED', bytes.length, `the file ends before its image ID and colour map (${dataStart} bytes)`);

  const pixelBytes = (depth + 7) >> 3;
  const source: 'map' | 'pixel' = kind === 'mapped' ? 'map' : 'pixel';
  const colourBits = source === 'map' ? mapEntryBits : depth;
  const hasAlpha = kind === 'grey' ? depth === 16 : colourBits === 32 || (colourBits === 16 && alphaBits === 1);
  const channels: DecodedImage['channels'] = kind === 'grey' ? (hasAlpha ? 2 : 1) : hasAlpha ? 4 : 3;
  const pixels = width * height;
  const available = bytes.length - dataStart;
  // What the data can hold: every pixel stored (raw), or up to 128 per packet of 1 + pixelBytes bytes (RLE).
  const maxPixels = rle ? Math.floor(available / (1 + pixelBytes)) * 128 : Math.floor(available / pixelBytes);
  if (pixels > maxPixels) fail('TRUNCATED', bytes.length, `${width}×${height} pixels of ${depth} bits need ${rle ? 'more' : pixels * pixelBytes} bytes${rle ? ' even at run-length encoding\'s best' : ''}; the file has ${available} after its header`);
  const budget = new MemoryBudget(bytes.length);
  if (!budget.take(pixels * channels)) fail('BAD_COUNT', 12, `${width}×${height} pixels (${pixels * channels} bytes decoded) are more than the memory budget for a ${bytes.length}-byte file, ${budget.describe()}`);

  const out = new Uint8Array(pixels * channels);
  // One colour to `out` at pixel `p` (in file order), from the bytes at `at` of `bits` bits per colour.
  const putColour = (p: number, at: number, bits: number) => {
    const o = p * channels;
    if (kind === 'grey') {
      out[o] = bytes[at]!;
      if (channels === 2) out[o + 1] = bytes[at + 1]!;
      return;
    }
    if (bits === 15 || bits === 16) {
      const v = u16(at);
      out[o] = (((v >> 10) & 31) * 255 + 15) / 31 | 0;
      out[o + 1] = (((v >> 5) & 31) * 255 + 15) / 31 | 0;
      out[o + 2] = ((v & 31) * 255 + 15) / 31 | 0;
      if (channels === 4) out[o + 3] = v & 0x8000 ? 255 : 0;
      return;
    }
    out[o] = bytes[at + 2]!;
    out[o + 1] = bytes[at + 1]!;
    out[o + 2] = bytes[at]!;
    if (channels === 4) out[o + 3] = bytes[at + 3]!;
  };
  const putPixel = (p: number, at: number) => {
    if (source === 'pixel') return putColour(p, at, depth);
    const entry = bytes[at]! - mapFirst;
    if (entry < 0 || entry >= mapLength) fail('BAD_INDEX', at, `colour index ${bytes[at]} is not in the colour map (entries ${mapFirst} to ${mapFirst + mapLength - 1})`);
    putColour(p, mapStart + entry * entryBytes, mapEntryBits);
  };

  let at = dataStart;
  if (!rle) {
    for (let p = 0; p < pixels; p++, at += pixelBytes) putPixel(p, at);
  } else {
    let p = 0;
    while (p < pixels) {
      if (at >= bytes.length) fail('TRUNCATED', at, `the run-length data ends after ${p} of ${pixels} pixels`);
      const header = bytes[at++]!;
      const count = (header & 0x7f) + 1;
      if (p + count > pixels) fail('BAD_COUNT', at - 1, `a run of ${count} pixels passes the image's ${pixels} (at pixel ${p})`);
      const need = header & 0x80 ? pixelBytes : count * pixelBytes;
      if (at + need > bytes.length) fail('TRUNCATED', at, `the run-length data ends inside a packet of ${count} pixels`);
      if (header & 0x80) {
        putPixel(p, at);
        for (let i = 1; i < count; i++) out.copyWithin((p + i) * channels, p * channels, (p + 1) * channels);
      } else {
        for (let i = 0; i < count; i++) putPixel(p + i, at + i * pixelBytes);
      }
      at += need;
      p += count;
    }
  }
  reorient(out, width, height, channels, rightToLeft, !topToBottom);
  if (channels === 4 && alphaBits === 0 && colourBits === 32 && allAlphaZero(out)) return { width, height, channels: 3, data: dropAlpha(out, pixels) };
  return { width, height, channels, data: out };
}

function allAlphaZero(rgba: Uint8Array): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 0) return false;
  return true;
}

function dropAlpha(rgba: Uint8Array, pixels: number): Uint8Array {
  const rgb = new Uint8Array(pixels * 3);
  for (let p = 0; p < pixels; p++) {
    rgb[p * 3] = rgba[p * 4]!;
    rgb[p * 3 + 1] = rgba[p * 4 + 1]!;
    rgb[p * 3 + 2] = rgba[p * 4 + 2]!;
  }
  return rgb;
}

/** Puts file order (rows bottom-up unless top-to-bottom, pixels right-to-left when flagged) into top-left-first order, in place. */
function reorient(data: Uint8Array, width: number, height: number, channels: number, mirrorX: boolean, mirrorY: boolean): void {
  const row = width * channels;
  if (mirrorY) {
    const swap = new Uint8Array(row);
    for (let y = 0; y < height >> 1; y++) {
      const a = y * row;
      const b = (height - 1 - y) * row;
      swap.set(data.subarray(a, a + row));
      data.copyWithin(a, b, b + row);
      data.set(swap, b);
    }
  }
  if (mirrorX) {
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width >> 1; x++) {
        const a = y * row + x * channels;
        const b = y * row + (width - 1 - x) * channels;
        for (let c = 0; c < channels; c++) {
          const t = data[a + c]!;
          data[a + c] = data[b + c]!;
          data[b + c] = t;
        }
      }
    }
  }
}
