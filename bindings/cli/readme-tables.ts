import { conversionOptionsMarkdown, conventionsMarkdown } from './conversion-options.js';

/** The README's generated blocks: marker name → content (a test checks the README holds exactly these). */
export const README_TABLES: Readonly<Record<string, () => string>> = {
  conventions: conventionsMarkdown,
  'conversion-options': conversionOptionsMarkdown,
};

/** `text` with each generated block replaced by what the code generates now. */
export function withGeneratedTables(text: string): string {
  let out = text;
  for (const [name, make] of Object.entries(README_TABLES)) {
    const pattern = new RegExp(`(<!-- generated:${name} -->\\n)[\\s\\S]*?(\\n<!-- /generated:${name} -->)`);
    out = out.replace(pattern, (_m, open: string, close: string) => open + make() + close);
  }
  return out;
}
