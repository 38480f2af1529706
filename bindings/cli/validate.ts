import type { FormatHandler, SiblingResolver } from '../formats/format.js';
import { errorInfo } from '../io/error-info.js';
import { nodeSiblingResolver } from '../node/sibling-resolver.js';
import { sourceHandler } from '../workers/convert-job.js';
import { inputsInOrder, type ExpandedInputs } from './inputs.js';
import { readInput, type CommandContext } from './context.js';
import { JsonLines } from './json-lines.js';
import { KHRONOS_VALIDATED, validateWithKhronos } from './khronos-validator.js';
import { WarningTally } from './warning-tally.js';

export interface ValidationProblem {
  code: string;
  /** 'error' fails the file; 'warning' (the Khronos validator's) is reported only. */
  severity: 'error' | 'warning';
  offset: number | null;
  /** JSON pointer of a Khronos validator issue (glTF, GLB). */
  pointer: string | null;
  message: string;
}

export interface ValidationResult {
  file: string;
  format: string | null;
  /** The file reads without error and has no error-level problem (the Khronos validator's for glTF). */
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

const problemOf = (e: unknown): ValidationProblem => {
  const info = errorInfo(e);
  return { code: info.code, severity: 'error', offset: info.offset, pointer: null, message: info.message };
};

/**
 * Reads a file with every check its reader has, re-encodes it (the document rewrite where the
 * format has one, else through the Asset; companions such as a TF blob found by `resolve` both
 * times) and, for glTF and GLB, runs the Khronos validator.
 */
export async function validateBytes(file: string, bytes: Uint8Array, ctx: CommandContext): Promise<ValidationResult> {
  const result: ValidationResult = { file, format: null, ok: false, byteExact: false, reencodedBy: null, firstDifference: null, problems: [], warnings: [] };
  const resolve: SiblingResolver | undefined = file !== '-' ? nodeSiblingResolver(file) : undefined;
  let handler: FormatHandler;
  try {
    handler = sourceHandler(bytes, file, ctx.format);
    result.format = handler.name;
    const options = { kernels: ctx.kernels, ...(file !== '-' ? { fileName: file, resolve } : {}) };
    const asset = handler.parseSync(bytes, options);
    result.ok = true;
    result.warnings = asset.warnings;
    try {
      let again: Uint8Array;
      if (handler.rewriteSync) {
        result.reencodedBy = 'document';
        again = handler.rewriteSync(bytes, options);
      } else {
        result.reencodedBy = 'asset';
        again = handler.encodeSync(asset, options);
      }
      result.firstDifference = firstDifference(bytes, again);
      result.byteExact = result.firstDifference === null;
    } catch (e) {
      result.reencodedBy = null;
      result.problems.push(problemOf(e));
    }
  } catch (e) {
    result.problems.push(problemOf(e));
    return result;
  }
  if (KHRONOS_VALIDATED.includes(handler.name)) {
    try {
      const report = await validateWithKhronos(bytes, resolve);
      for (const issue of report.issues) result.problems.push({ code: issue.code, severity: issue.severity, offset: null, pointer: issue.pointer, message: issue.message });
      if (report.errors > 0) result.ok = false;
    } catch (e) {
      // The validator itself failed (not installed, or it rejected): a problem of this file, not the run's end.
      result.problems.push(problemOf(e));
      result.ok = false;
    }
  }
  return result;
}

const problemLine = (p: ValidationProblem) =>
  `  ${p.severity === 'warning' ? 'warning ' : ''}${p.code}${p.offset !== null ? ` at byte ${p.offset}` : ''}${p.pointer !== null ? ` at ${p.pointer}` : ''}: ${p.message}\n`;

function humanLines(r: ValidationResult, verbose: boolean): string {
  const problems = r.problems.map(problemLine).join('');
  if (!r.ok) return `${r.file}: ${r.format ?? 'unknown format'}: INVALID\n${problems}`;
  const exact = r.byteExact
    ? `re-encodes byte for byte (${r.reencodedBy})`
    : r.reencodedBy
      ? `re-encoding (${r.reencodedBy}) differs from byte ${r.firstDifference}`
      : 'could not be re-encoded';
  const warnings = verbose
    ? r.warnings.map((w) => `  warning: ${w}\n`).join('')
    : r.warnings.length
      ? `  ${r.warnings.length} warning(s) (--verbose lists them)\n`
      : '';
  return `${r.file}: ${r.format}: valid, ${exact}\n${problems}${warnings}`;
}

/** A file fails validation when it does not read, or has an error-level problem. */
const failed = (r: ValidationResult) => !r.ok || r.problems.some((p) => p.severity === 'error');

export async function runValidate(inputs: ExpandedInputs, ctx: CommandContext): Promise<number> {
  const json = ctx.json ? new JsonLines(ctx.io) : undefined;
  const tally = new WarningTally();
  let files = 0;
  let failures = 0;
  let byteExact = 0;
  const report = (r: ValidationResult) => {
    files++;
    if (failed(r)) failures++;
    if (r.byteExact) byteExact++;
    tally.add(r.warnings);
    if (json) json.line(r);
    else ctx.io.out(humanLines(r, ctx.verbose));
  };
  const unread = (file: string, e: unknown): ValidationResult => ({ file, format: null, ok: false, byteExact: false, reencodedBy: null, firstDifference: null, problems: [problemOf(e)], warnings: [] });
  for (const entry of inputsInOrder(inputs)) {
    if ('missing' in entry) {
      report(unread(entry.missing.path, entry.missing.error));
      continue;
    }
    const input = entry.file;
    let bytes: Uint8Array;
    try {
      bytes = await readInput(input.path, ctx);
    } catch (e) {
      report(unread(input.path, e));
      continue;
    }
    report(await validateBytes(input.path, bytes, ctx));
  }
  json?.summary({ command: 'validate', files, valid: files - failures, invalid: failures, byteExact, warnings: tally.byText() });
  return failures ? 1 : 0;
}
