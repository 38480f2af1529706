import { errorInfo } from '../io/error-info.js';
import { nodeSiblingResolver } from '../node/sibling-resolver.js';
import { sourceHandler } from '../workers/convert-job.js';
import { inArgumentOrder, type ExpandedInputs } from './inputs.js';
import { readInput, type CommandContext } from './context.js';

export interface ValidationProblem {
  code: string;
  offset: number | null;
  message: string;
}

export interface ValidationResult {
  file: string;
  format: string | null;
  /** The file reads without error. */
  ok: boolean;
  /** Re-encoding gives the same bytes. */
  byteExact: boolean;
  /** How it was re-encoded: the format's document rewrite, or through the Asset (formats without one). */
  reencodedBy: 'document' | 'asset' | null;
  /** Offset of the first byte where the re-encoding differs (null when byte-exact or not re-encoded). */
  firstDifference: number | null;
  problems: ValidationProblem[];
  warnings: string[];
}

function firstDifference(a: Uint8Array, b: Uint8Array): number | null {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? null : n;
}

export function validateBytes(file: string, bytes: Uint8Array, ctx: CommandContext): ValidationResult {
  const result: ValidationResult = { file, format: null, ok: false, byteExact: false, reencodedBy: null, firstDifference: null, problems: [], warnings: [] };
  try {
    const handler = sourceHandler(bytes, file, ctx.format);
    result.format = handler.name;
    const readOptions = { kernels: ctx.kernels, ...(file !== '-' ? { fileName: file, resolve: nodeSiblingResolver(file) } : {}) };
    const asset = handler.parseSync(bytes, readOptions);
    result.ok = true;
    const writeOptions = { kernels: ctx.kernels, ...(file !== '-' ? { fileName: file } : {}) };
    let again: Uint8Array;
    if (handler.rewriteSync) {
      result.reencodedBy = 'document';
      again = handler.rewriteSync(bytes, writeOptions);
    } else {
      result.reencodedBy = 'asset';
      again = handler.encodeSync(asset, writeOptions);
    }
    result.warnings = asset.warnings;
    result.firstDifference = firstDifference(bytes, again);
    result.byteExact = result.firstDifference === null;
  } catch (e) {
    const info = errorInfo(e);
    result.problems.push({ code: info.code, offset: info.offset, message: info.message });
    if (result.ok) result.reencodedBy = null;
  }
  return result;
}

function humanLine(r: ValidationResult): string {
  if (!r.ok) return `${r.file}: ${r.format ?? 'unknown format'}: INVALID\n` + r.problems.map((p) => `  ${p.code}${p.offset !== null ? ` at byte ${p.offset}` : ''}: ${p.message}\n`).join('');
  const exact = r.byteExact
    ? `re-encodes byte for byte (${r.reencodedBy})`
    : r.reencodedBy
      ? `re-encoding (${r.reencodedBy}) differs from byte ${r.firstDifference}`
      : 'could not be re-encoded';
  const problems = r.problems.map((p) => `  ${p.code}${p.offset !== null ? ` at byte ${p.offset}` : ''}: ${p.message}\n`).join('');
  const warnings = r.warnings.length ? `  ${r.warnings.length} warning(s) (--verbose lists them)\n` : '';
  return `${r.file}: ${r.format}: valid, ${exact}\n${problems}${warnings}`;
}

export async function runValidate(inputs: ExpandedInputs, ctx: CommandContext): Promise<number> {
  const results: ValidationResult[] = inputs.missing.map((m) => {
    const info = errorInfo(m.error);
    return { file: m.path, format: null, ok: false, byteExact: false, reencodedBy: null, firstDifference: null, problems: [{ code: info.code, offset: null, message: info.message }], warnings: [] };
  });
  for (const input of inputs.files) {
    let bytes: Uint8Array;
    try {
      bytes = await readInput(input.path, ctx.io);
    } catch (e) {
      const info = errorInfo(e);
      results.push({ file: input.path, format: null, ok: false, byteExact: false, reencodedBy: null, firstDifference: null, problems: [{ code: info.code, offset: null, message: info.message }], warnings: [] });
      continue;
    }
    results.push(validateBytes(input.path, bytes, ctx));
  }
  inArgumentOrder(inputs, results, (r) => r.file);
  if (ctx.json) ctx.io.out(JSON.stringify(results, null, 2) + '\n');
  else for (const r of results) ctx.io.out(humanLine(r) + (ctx.verbose ? r.warnings.map((w) => `  warning: ${w}\n`).join('') : ''));
  return results.some((r) => !r.ok || r.problems.length) ? 1 : 0;
}
