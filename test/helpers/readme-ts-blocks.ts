// Every ```ts block of a README, for the package test to compile against the published types.
// A block that continues an earlier one (uses its imports, or variables a user would have) is
// preceded by a comment GitHub and npm do not show, whose text goes before the block:
//
//   <!-- ts-prelude: import { glbFormat, type Asset } from 'meshcodec'; declare const asset: Asset; -->
//
// so each block compiles as a module of its own, and a new block that assumes something it does
// not declare fails to compile instead of being left out.

export interface ReadmeTsBlock {
  /** `section-n`: the nearest heading above, in kebab case, and the block's number under it (1, 2, …). */
  name: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The prelude's text on line 1, then the block's: line n of `source` is README line `line + n - 1`. */
  source: string;
}

const BLOCK = /(?:<!--\s*ts-prelude:([\s\S]*?)-->[ \t]*\n)?^```ts[ \t]*\n([\s\S]*?)^```/gm;

export function readmeTsBlocks(readme: string): ReadmeTsBlock[] {
  const blocks: ReadmeTsBlock[] = [];
  const perSection = new Map<string, number>();
  for (const match of readme.matchAll(BLOCK)) {
    const fence = match.index + (match[0].indexOf('```ts'));
    const before = readme.slice(0, fence);
    const heading = [...before.matchAll(/^#+\s+(.+)$/gm)].pop()?.[1] ?? 'top';
    const section = heading.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    const n = (perSection.get(section) ?? 0) + 1;
    perSection.set(section, n);
    const prelude = (match[1] ?? '').trim().replace(/\s*\n\s*/g, ' ');
    blocks.push({ name: `${section}-${n}`, line: before.split('\n').length, source: `${prelude}\n${match[2]}` });
  }
  return blocks;
}
