/** Machine-readable reasons a file can be refused. */
export type MeshFormatErrorCode =
  | 'TRUNCATED' // the file ends before a field it promises
  | 'BAD_MAGIC' // the file does not start (or end) with the format's signature
  | 'UNSUPPORTED_VERSION' // a known format, in a version this library does not read
  | 'BAD_COUNT' // a count that the bytes left cannot hold, or that breaks a limit
  | 'BAD_OFFSET' // an offset that points outside the file or its table
  | 'BAD_INDEX' // an index that points outside what it indexes
  | 'BAD_VALUE' // a field whose value the format does not allow
  | 'TRAILING_DATA' // bytes after the end of the format's data
  | 'SYNTAX' // a text format that does not parse
  | 'UNSUPPORTED' // valid, but a feature this library does not handle
  | 'BAD_OPTION' // an option the call was given that is not allowed
  | 'INTERNAL'; // a bug in meshcodec (never expected: please report it with the file)

export interface MeshFormatErrorInit {
  code: MeshFormatErrorCode;
  /** Format name: 'unigine', 'iqm', 'ms2', 'tf', 'apg', 'gltf', … */
  format: string;
  /** Byte offset in the file where the problem was found (binary formats). */
  offset?: number;
  /** 1-based line and column (text formats). */
  line?: number;
  column?: number;
  /** Where in an in-memory structure (an Asset handed to a writer): e.g. `meshes[0].indices[12]`. */
  path?: string;
  /** The error this one stands for (an INTERNAL error's original exception). */
  cause?: unknown;
}

/** The one error every reader and writer throws for bad input. */
export class MeshFormatError extends Error {
  readonly code: MeshFormatErrorCode;
  readonly format: string;
  readonly offset: number | undefined;
  readonly line: number | undefined;
  readonly column: number | undefined;
  readonly path: string | undefined;
  /** The sentence without the format and position prefix. */
  readonly detail: string;

  constructor(init: MeshFormatErrorInit, detail: string) {
    super(`${init.format}: ${describePosition(init)}${detail}`, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'MeshFormatError';
    this.code = init.code;
    this.format = init.format;
    this.offset = init.offset;
    this.line = init.line;
    this.column = init.column;
    this.path = init.path;
    this.detail = detail;
  }
}

function describePosition(init: MeshFormatErrorInit): string {
  if (init.line !== undefined) return `line ${init.line}${init.column !== undefined ? `:${init.column}` : ''}: `;
  if (init.offset !== undefined) return `at byte ${init.offset}: `;
  if (init.path !== undefined) return `${init.path}: `;
  return '';
}
