// How much of a screenshot is drawn and coloured, for the browser tests that check a textured
// render: pixels that are not the white background, and how many of those are not grey.
import { decode as decodePng } from 'fast-png';

/** Pixels of a PNG screenshot that are not the white background, and how many of them are coloured (channels spread by more than 24). */
export function colourStats(png: Uint8Array): { drawn: number; coloured: number } {
  const image = decodePng(png);
  const channels = image.channels;
  let drawn = 0;
  let coloured = 0;
  for (let i = 0; i < image.data.length; i += channels) {
    const r = image.data[i]!;
    const g = image.data[i + 1]!;
    const b = image.data[i + 2]!;
    if (r > 245 && g > 245 && b > 245) continue;
    drawn++;
    if (Math.max(r, g, b) - Math.min(r, g, b) > 24) coloured++;
  }
  return { drawn, coloured };
}
