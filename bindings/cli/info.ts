import { summarizeAsset, type Asset } from '../model/asset.js';
import { errorInfo, type ErrorInfo } from '../io/error-info.js';
import { nodeSiblingResolver } from '../node/sibling-resolver.js';
import { sourceHandler } from '../workers/convert-job.js';
import type { SiblingResolver } from '../formats/format.js';
import { inputsInOrder, type ExpandedInputs } from './inputs.js';
import { JsonLines } from './json-lines.js';
import { readInput, type CommandContext } from './context.js';
import { renderDetails } from './details.js';
import { formatTable } from './table.js';

export interface FileInfo {
  file: string;
  format: string;
  vertices: number;
  triangles: number;
  joints: number;
  animations: number;
  /** Frames summed over all animations. */
  frames: number;
  /** The file's bytes and its companions' (a TF `.msh.blob`, a glTF's `.bin`). */
  bytes: number;
  /** What reading into the Asset model could not carry. */
  warnings: string[];
  /** --verbose: per mesh and per animation. */
  meshes?: { name: string; material: string | null; vertices: number; triangles: number }[];
  animationList?: { name: string; frames: number; frameRate: number; tracks: number }[];
  /** --verbose: the format's own facts (the handler's `describe`). */
  details?: Record<string, unknown>;
}

export interface FileInfoFailure {
  file: string;
  error: ErrorInfo;
}

function verboseParts(asset: Asset): Pick<FileInfo, 'meshes' | 'animationList'> {
  return {
    meshes: asset.meshes.map((m) => ({ name: m.name, material: m.material ?? null, vertices: m.attributes.positions.length / 3, triangles: m.indices.length / 3 })),
    animationList: asset.animations.map((a) => ({ name: a.name, frames: a.frameCount, frameRate: a.frameRate, tracks: a.tracks.length })),
  };
}

/** Reads one file (once, where the handler has `inspect`) and summarises it; --verbose adds the format's own facts. */
export function infoForBytes(file: string, bytes: Uint8Array, ctx: CommandContext): FileInfo {
  const handler = sourceHandler(bytes, file, ctx.format);
  // Companions count in the file's bytes, each once however often the reader asks for it.
  const companions = new Map<string, number>();
  const siblings = file !== '-' ? nodeSiblingResolver(file) : undefined;
  const resolve: SiblingResolver | undefined = siblings && ((name) => {
    const found = siblings(name);
    if (found) companions.set(name, found.byteLength);
    return found;
  });
  const options = { kernels: ctx.kernels, ...(resolve ? { fileName: file, resolve } : {}) };
  // --verbose wants the format's facts too: from the same read where the handler can (inspect).
  const inspected = ctx.verbose && handler.inspect ? handler.inspect(bytes, options) : undefined;
  const asset = inspected?.asset ?? handler.parseSync(bytes, options);
  let companionBytes = 0;
  for (const n of companions.values()) companionBytes += n;
  const info: FileInfo = { file, format: handler.name, ...summaryOf(asset), bytes: bytes.byteLength + companionBytes, warnings: asset.warnings };
  if (ctx.verbose) {
    Object.assign(info, verboseParts(asset));
    const details = inspected?.details ?? handler.describe?.(bytes, options);
    if (details) info.details = details;
  }
  return info;
}

function summaryOf(asset: Asset) {
  const { vertices, triangles, joints, animations, frames } = summarizeAsset(asset);
  return { vertices, triangles, joints, animations, frames };
}

function verboseText(info: FileInfo): string {
  let text = `${info.file} (${info.format})\n`;
  if (info.meshes?.length) text += renderDetails({ meshes: info.meshes });
  if (info.animationList?.length) text += renderDetails({ animations: info.animationList });
  if (info.details) text += `  ${info.format}:\n` + renderDetails(info.details, '    ');
  for (const w of info.warnings) text += `  warning: ${w}\n`;
  return text;
}

export async function runInfo(inputs: ExpandedInputs, ctx: CommandContext): Promise<number> {
  const json = ctx.json ? new JsonLines(ctx.io) : undefined;
  // The table needs every row for its widths; --json keeps nothing per file.
  const rows: FileInfo[] = [];
  let files = 0;
  let failures = 0;
  let bytes = 0;
  let warned = 0;
  const failed = (f: FileInfoFailure) => {
    files++;
    failures++;
    if (json) json.line(f);
    else ctx.io.err(`${f.file}: error: ${f.error.message}\n`);
  };
  for (const entry of inputsInOrder(inputs)) {
    if ('missing' in entry) {
      failed({ file: entry.missing.path, error: errorInfo(entry.missing.error) });
      continue;
    }
    const input = entry.file;
    let info: FileInfo;
    try {
      info = infoForBytes(input.path, await readInput(input.path, ctx), ctx);
    } catch (e) {
      failed({ file: input.path, error: errorInfo(e) });
      continue;
    }
    files++;
    bytes += info.bytes;
    if (info.warnings.length) warned++;
    if (json) json.line(info);
    else rows.push(info);
  }
  if (json) json.summary({ command: 'info', files, ok: files - failures, failed: failures, bytes, filesWithWarnings: warned });
  else if (rows.length) {
    const headers = ['file', 'format', 'vertices', 'triangles', 'joints', 'animations', 'frames', 'bytes'];
    ctx.io.out(formatTable(headers, rows.map((i) => [i.file, i.format, i.vertices, i.triangles, i.joints, i.animations, i.frames, i.bytes])));
    if (ctx.verbose) for (const info of rows) ctx.io.out('\n' + verboseText(info));
    else if (warned) ctx.io.err(`${warned} file(s) have warnings (--verbose shows them)\n`);
  }
  return failures ? 1 : 0;
}
