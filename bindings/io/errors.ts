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
  | 'UNSUPPORTED'; // valid, but a feature this library does not handle

export interface MeshFormatErrorInit {
  code: MeshFormatErrorCode;
  /** Format name: 'unigine', 'iqm', 'ms2', 'tf', 'apg', 'gltf', … */
  format: string;
  /** Byte offset in the file where the problem was found (binary formats). */
  offset?: number;
  /** 1-based line and column (text formats). */
  line?: number;
  column?: number;
}

/** The one error every reader and writer throws for bad input. */
export class MeshFormatError extends Error {
  readonly code: MeshFormatErrorCode;
  readonly format: string;
  readonly offset: number | undefined;
  readonly line: number | undefined;
  readonly column: number | undefined;
  /** The sentence without the format and position prefix. */
  readonly detail: string;

  constructor(init: MeshFormatErrorInit, detail: string) {
    super(`${init.format}: ${describePosition(init)}${detail}`);
    this.name = 'MeshFormatError';
    this.code = init.code;
    this.format = init.format;
    this.offset = init.offset;
    this.line = init.line;
    this.column = init.column;
    this.detail = detail;
  }
}

function describePosition(init: MeshFormatErrorInit): string {
  if (init.line !== undefined) return `line ${init.line}${init.column !== undefined ? `:${init.column}` : ''}: `;
  if (init.offset !== undefined) return `at byte ${init.offset}: `;
  return '';
}
