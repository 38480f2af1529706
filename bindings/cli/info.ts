import { summarizeAsset, type Asset } from '../model/asset.js';
import { errorInfo, type ErrorInfo } from '../io/error-info.js';
import { nodeSiblingResolver } from '../node/sibling-resolver.js';
import { sourceHandler } from '../workers/convert-job.js';
import { inArgumentOrder, type ExpandedInputs } from './inputs.js';
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
  const options = { kernels: ctx.kernels, ...(file !== '-' ? { fileName: file, resolve: nodeSiblingResolver(file) } : {}) };
  // --verbose wants the format's facts too: from the same read where the handler can (inspect).
  const inspected = ctx.verbose && handler.inspect ? handler.inspect(bytes, options) : undefined;
  const asset = inspected?.asset ?? handler.parseSync(bytes, options);
  const info: FileInfo = { file, format: handler.name, ...summaryOf(asset), bytes: bytes.byteLength, warnings: asset.warnings };
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
  const results: (FileInfo | FileInfoFailure)[] = inputs.missing.map((m) => ({ file: m.path, error: errorInfo(m.error) }));
  for (const input of inputs.files) {
    try {
      results.push(infoForBytes(input.path, await readInput(input.path, ctx.io), ctx));
    } catch (e) {
      results.push({ file: input.path, error: errorInfo(e) });
    }
  }
  inArgumentOrder(inputs, results, (r) => r.file);
  const ok = results.filter((r): r is FileInfo => !('error' in r));
  const failed = results.filter((r): r is FileInfoFailure => 'error' in r);
  if (ctx.json) ctx.io.out(JSON.stringify(results, null, 2) + '\n');
  else {
    for (const f of failed) ctx.io.err(`${f.file}: error: ${f.error.message}\n`);
    if (ok.length) {
      const headers = ['file', 'format', 'vertices', 'triangles', 'joints', 'animations', 'frames', 'bytes'];
      ctx.io.out(formatTable(headers, ok.map((i) => [i.file, i.format, i.vertices, i.triangles, i.joints, i.animations, i.frames, i.bytes])));
      if (ctx.verbose) for (const info of ok) ctx.io.out('\n' + verboseText(info));
      else {
        const warned = ok.filter((i) => i.warnings.length).length;
        if (warned) ctx.io.err(`${warned} file(s) have warnings (--verbose shows them)\n`);
      }
    }
  }
  return failed.length ? 1 : 0;
}
