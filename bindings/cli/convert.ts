import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import type { Kernels } from '../kernels/kernels.js';
import { detectFormat, formatByName } from '../formats/registry.js';
import type { FormatHandler } from '../formats/format.js';
import { siblingResolver } from './siblings.js';

export interface ConvertResult {
  input: string;
  output: string;
  /** Every file written (formats such as Transport Fever write a companion beside `output`). */
  files: string[];
  from: string;
  to: string;
  bytesIn: number;
  bytesOut: number;
  warnings: string[];
}

export interface ConvertOptions {
  /** Target format name; default: from the output file's extension. */
  to?: string;
  /** Source format name; default: detect. */
  from?: string;
  kernels?: Kernels;
}

function targetHandler(output: string, to: string | undefined): FormatHandler {
  const handler = to ? formatByName(to) : detectFormat(new Uint8Array(0), output);
  if (!handler) throw new Error(to ? `unknown or unavailable format '${to}'` : `cannot tell the output format from '${output}': pass --to NAME`);
  return handler;
}

/** Reads `input`, converts it through the Asset model and writes `output`. */
export function convertFile(input: string, output: string, options: ConvertOptions = {}): ConvertResult {
  const bytes = new Uint8Array(readFileSync(input));
  const source = options.from ? formatByName(options.from) : detectFormat(bytes, input);
  if (!source) throw new Error(options.from ? `unknown or unavailable format '${options.from}'` : `${input}: not a format meshcodec recognises`);
  const target = targetHandler(output, options.to);
  const kernelOptions = options.kernels ? { kernels: options.kernels } : {};
  const asset = source.parseSync(bytes, { ...kernelOptions, fileName: input, resolve: siblingResolver(input) });
  const encoded = target.encodeFiles
    ? target.encodeFiles(asset, basename(output), kernelOptions).map((f) => ({ path: join(dirname(output), f.name), bytes: f.bytes }))
    : [{ path: output, bytes: target.encodeSync(asset, kernelOptions) }];
  mkdirSync(dirname(output), { recursive: true });
  for (const file of encoded) writeFileSync(file.path, file.bytes);
  const bytesOut = encoded.reduce((n, f) => n + f.bytes.byteLength, 0);
  return { input, output, files: encoded.map((f) => f.path), from: source.name, to: target.name, bytesIn: bytes.byteLength, bytesOut, warnings: asset.warnings };
}

/** Output path for `input` in `outDir` with the target format's first extension. */
export function outputPathFor(input: string, outDir: string, to: string): string {
  const handler = formatByName(to);
  if (!handler) throw new Error(`unknown or unavailable format '${to}'`);
  return join(outDir, basename(input, extname(input)) + handler.extensions[0]);
}
