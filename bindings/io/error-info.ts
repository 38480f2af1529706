import { MeshFormatError } from './errors.js';

/** An error as plain data: for `--json` output and for crossing a worker boundary (which drops an Error's own fields). */
export interface ErrorInfo {
  /** A MeshFormatError code, a Node system error code (`ENOENT`), or `UNKNOWN_FORMAT`, `OUTPUT_EXISTS`, … */
  code: string;
  /** The format at fault; null when the error is not about a format's bytes. */
  format: string | null;
  /** Byte offset of the data at fault (binary formats); null when unknown. */
  offset: number | null;
  /** 1-based line and column (text formats); null when not a text position. */
  line: number | null;
  column: number | null;
  message: string;
}

/** An error a CLI or pool can report, with a code of its own. */
export class CodedError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'CodedError';
  }
}

export function errorInfo(e: unknown): ErrorInfo {
  if (e instanceof MeshFormatError) {
    return { code: e.code, format: e.format, offset: e.offset ?? null, line: e.line ?? null, column: e.column ?? null, message: e.message };
  }
  const error = e instanceof Error ? e : new Error(String(e));
  const code = (error as { code?: unknown }).code;
  return { code: typeof code === 'string' ? code : 'ERROR', format: null, offset: null, line: null, column: null, message: error.message };
}
