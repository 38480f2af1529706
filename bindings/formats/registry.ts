import type { FormatHandler } from './format.js';
import { byExtension, byFormatName } from './format-signature.js';
import { glbFormat, gltfFormat } from './gltf/gltf-format.js';
import { iqmFormat } from './iqm/iqm-format.js';
import { unigineFormat } from './unigine/index.js';
import { tfFormat } from './tf/index.js';
import { ms2Format } from './ms2/index.js';
import { apgFormat } from './apg/index.js';

/** Detection order: formats with a magic first; ms2 last, as it has none (its test is an exact size match). */
const REGISTERED = [unigineFormat, iqmFormat, glbFormat, gltfFormat, tfFormat, apgFormat, ms2Format] as const;

/** The names of the formats this build has (derived from the registry, never listed by hand). */
export type FormatName = (typeof REGISTERED)[number]['name'];

/** Every format this build reads, in detection order. Formats register themselves here. */
export const FORMATS: readonly FormatHandler[] = REGISTERED;

/** Every registered name, in detection order. */
export const FORMAT_NAMES: readonly FormatName[] = REGISTERED.map((f) => f.name);

/** The handler called `name` or one of its aliases (case-insensitive). */
export function formatByName(name: string): FormatHandler | undefined {
  return byFormatName(FORMATS, name);
}

/** The handler for a file: by its magic first, then by its extension. */
export function detectFormat(bytes: Uint8Array, fileName = ''): FormatHandler | undefined {
  const byMagic = FORMATS.find((f) => f.test(bytes));
  if (byMagic) return byMagic;
  return formatByExtension(fileName);
}

/** The handler whose extensions the file name ends with (the longest match: `.msh.blob` before `.blob`). */
export function formatByExtension(fileName: string): FormatHandler | undefined {
  return byExtension(FORMATS, fileName);
}
