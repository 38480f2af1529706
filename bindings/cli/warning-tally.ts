/** Counts warnings over a batch so that the summary shows each distinct one once, with its count. */
export class WarningTally {
  private readonly counts = new Map<string, number>();
  private filesWithWarnings = 0;
  total = 0;

  add(warnings: readonly string[]): void {
    if (warnings.length === 0) return;
    this.filesWithWarnings++;
    for (const w of warnings) {
      this.total++;
      this.counts.set(w, (this.counts.get(w) ?? 0) + 1);
    }
  }

  /** Files that had at least one warning. */
  get files(): number {
    return this.filesWithWarnings;
  }

  /** Each distinct warning with its count, most frequent first (for the --json summary). */
  byText(): Record<string, number> {
    return Object.fromEntries([...this.counts].sort((a, b) => b[1] - a[1]));
  }

  /** Lines for the summary: the most frequent distinct warnings first, at most `limit` of them. */
  summary(limit = 10): string[] {
    if (this.total === 0) return [];
    const distinct = [...this.counts].sort((a, b) => b[1] - a[1]);
    const lines = [`warnings: ${this.total} in ${this.filesWithWarnings} file(s), ${distinct.length} distinct (--verbose lists them per file):`];
    for (const [text, count] of distinct.slice(0, limit)) lines.push(`  ${String(count).padStart(5)} × ${text}`);
    if (distinct.length > limit) lines.push(`  … and ${distinct.length - limit} more distinct warning(s)`);
    return lines;
  }
}
