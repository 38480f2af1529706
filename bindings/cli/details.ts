import { formatTable } from './table.js';

type Plain = string | number | boolean | null | undefined;

const isPlain = (v: unknown): v is Plain => v === null || v === undefined || ['string', 'number', 'boolean'].includes(typeof v);

/**
 * Format-specific facts (a handler's `describe`) as readable indented text: scalars as
 * `key: value`, arrays of flat records as a table, other values nested.
 */
export function renderDetails(value: Record<string, unknown>, indent = '  '): string {
  let text = '';
  for (const [key, v] of Object.entries(value)) {
    if (isPlain(v)) text += `${indent}${key}: ${String(v)}\n`;
    else if (Array.isArray(v)) {
      if (v.length === 0) text += `${indent}${key}: none\n`;
      else if (v.every(isPlain)) text += `${indent}${key}: ${v.map(String).join(', ')}\n`;
      else if (v.every((r) => r && typeof r === 'object' && !Array.isArray(r) && Object.values(r).every(isPlain))) {
        const headers = [...new Set(v.flatMap((r: object) => Object.keys(r)))];
        const rows = v.map((r: Record<string, Plain>) => headers.map((h) => (typeof r[h] === 'number' ? r[h] : String(r[h] ?? ''))));
        const table = formatTable(headers, rows).trimEnd().split('\n');
        text += `${indent}${key} (${v.length}):\n` + table.map((line) => `${indent}  ${line}\n`).join('');
      } else text += `${indent}${key}:\n` + v.map((item, i) => (isPlain(item) ? `${indent}  ${String(item)}\n` : `${indent}  [${i}]\n` + renderDetails(item as Record<string, unknown>, indent + '    '))).join('');
    } else text += `${indent}${key}:\n` + renderDetails(v as Record<string, unknown>, indent + '  ');
  }
  return text;
}
