import { summarizeAsset } from '../model/asset.js';
import type { Kernels } from '../kernels/kernels.js';
import { detectFormat, formatByName } from '../formats/registry.js';
import { siblingResolver } from './siblings.js';

export interface FileInfo {
  file: string;
  format: string;
  vertices: number;
  triangles: number;
  joints: number;
  animations: number;
  /** Frames summed over all animations. */
  frames: number;
  /** Format-specific facts (surfaces, version, …). */
  details?: Record<string, unknown>;
  /** Conversion warnings from reading into the Asset model. */
  warnings?: string[];
}

/** Reads one file and summarises it. Throws MeshFormatError for bad input, Error for an unknown format. */
export function infoForFile(file: string, bytes: Uint8Array, formatName?: string, kernels?: Kernels): FileInfo {
  const handler = formatName ? formatByName(formatName) : detectFormat(bytes, file);
  if (!handler) {
    throw new Error(formatName ? `unknown or unavailable format '${formatName}'` : `${file}: not a format meshcodec recognises`);
  }
  const options = { ...(kernels ? { kernels } : {}), fileName: file, resolve: siblingResolver(file) };
  const asset = handler.parseSync(bytes, options);
  const s = summarizeAsset(asset);
  const info: FileInfo = {
    file,
    format: handler.name,
    vertices: s.vertices,
    triangles: s.triangles,
    joints: s.joints,
    animations: s.animations,
    frames: s.frames,
  };
  const details = handler.describe?.(bytes, options);
  if (details) info.details = details;
  if (asset.warnings.length) info.warnings = asset.warnings;
  return info;
}

export function formatInfoLine(info: FileInfo): string {
  const parts = [
    `${info.vertices} vertices`,
    `${info.triangles} triangles`,
    `${info.joints} joints`,
    `${info.animations} animations`,
    `${info.frames} frames`,
  ];
  let line = `${info.file}: ${info.format}, ${parts.join(', ')}`;
  if (info.details) {
    for (const [key, value] of Object.entries(info.details)) line += `\n  ${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`;
  }
  for (const w of info.warnings ?? []) line += `\n  warning: ${w}`;
  return line;
}
