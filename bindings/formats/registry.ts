import type { FormatHandler, FormatName } from './format.js';
import { glbFormat, gltfFormat } from './gltf/gltf-format.js';
import { iqmFormat } from './iqm/iqm-format.js';
import { unigineFormat } from './unigine/index.js';
import { tfFormat } from './tf/index.js';
import { ms2Format } from './ms2/index.js';
import { apgFormat } from './apg/index.js';

/**
 * Every format this build reads, in detection order. Formats register themselves here; ms2 comes
 * last, as it has no magic (its test is an exact size match).
 */
export const FORMATS: readonly FormatHandler[] = [unigineFormat, iqmFormat, glbFormat, gltfFormat, tfFormat, apgFormat, ms2Format];

export function formatByName(name: string): FormatHandler | undefined {
  return FORMATS.find((f) => f.name === name);
}

/** The handler for a file: by its magic first, then by its extension. */
export function detectFormat(bytes: Uint8Array, fileName = ''): FormatHandler | undefined {
  const byMagic = FORMATS.find((f) => f.test(bytes));
  if (byMagic) return byMagic;
  const lower = fileName.toLowerCase();
  return FORMATS.find((f) => f.extensions.some((ext) => lower.endsWith(ext)));
}

export const FORMAT_NAMES: readonly FormatName[] = ['unigine', 'iqm', 'ms2', 'tf', 'apg', 'gltf', 'glb'];
