/** Whether an argument is a glob pattern (`*`, `?`, `[…]`, `{a,b}`) rather than a plain path. */
export function isGlob(pattern: string): boolean {
  return /[*?[{]/.test(pattern);
}

/**
 * Splits a glob into the folder to walk (its leading segments without wildcards) and the
 * pattern for paths relative to that folder, both with `/` separators.
 */
export function splitGlob(pattern: string): { base: string; rest: string } {
  const segments = pattern.replace(/\\/g, '/').split('/');
  const first = segments.findIndex(isGlob);
  const baseSegments = segments.slice(0, first);
  const base = baseSegments.length === 0 ? '.' : baseSegments.join('/') || '/';
  return { base, rest: segments.slice(first).join('/') };
}

/**
 * A RegExp for a relative path glob: `*` and `?` within one path segment, `**` any number of
 * segments, `[abc]` / `[!abc]` a character class, `{a,b}` alternatives.
 */
export function globToRegExp(glob: string): RegExp {
  let source = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      const wholeSegment = (i === 0 || glob[i - 1] === '/') && (i + 2 === glob.length || glob[i + 2] === '/');
      if (wholeSegment && glob[i + 2] === '/') {
        source += '(?:[^/]*/)*';
        i += 2;
      } else {
        source += '.*';
        i += 1;
      }
    } else if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else if (c === '[') {
      const end = glob.indexOf(']', i + 2);
      if (end < 0) source += '\\[';
      else {
        let body = glob.slice(i + 1, end).replace(/\\/g, '\\\\');
        if (body.startsWith('!')) body = '^' + body.slice(1);
        source += `[${body}]`;
        i = end;
      }
    } else if (c === '{') {
      braces++;
      source += '(?:';
    } else if (c === '}' && braces > 0) {
      braces--;
      source += ')';
    } else if (c === ',' && braces > 0) source += '|';
    else source += c.replace(/[.+^$()|\\]/g, '\\$&');
  }
  return new RegExp(`^${source}${')'.repeat(braces)}$`);
}
