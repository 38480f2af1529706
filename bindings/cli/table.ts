/** A plain-text table: columns padded to their widest cell, numbers right-aligned. */
export function formatTable(headers: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cells = rows.map((row) => row.map(String));
  const numeric = headers.map((_, c) => rows.length > 0 && rows.every((row) => typeof row[c] === 'number'));
  const widths = headers.map((h, c) => Math.max(h.length, ...cells.map((row) => row[c]!.length)));
  const line = (row: readonly string[]) =>
    row
      .map((cell, c) => (numeric[c] ? cell.padStart(widths[c]!) : c === row.length - 1 ? cell : cell.padEnd(widths[c]!)))
      .join('  ')
      .trimEnd();
  return [line(headers), ...cells.map(line)].join('\n') + '\n';
}

/** Bytes as a short human figure (`1.23 MB`). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1e6) return `${(bytes / 1e3).toFixed(1)} kB`;
  if (bytes < 1e9) return `${(bytes / 1e6).toFixed(2)} MB`;
  return `${(bytes / 1e9).toFixed(2)} GB`;
}
