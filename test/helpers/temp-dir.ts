import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

/** A new folder `meshcodec-<purpose>-…` in the system's temp folder, for the current test only. */
export function makeTempDir(purpose: string): string {
  return mkdtempSync(join(tmpdir(), `meshcodec-${purpose}-`));
}

export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** A temp folder removed when the current test finishes, passed or failed. Call inside a test. */
export function testTempDir(purpose: string): string {
  const dir = makeTempDir(purpose);
  onTestFinished(() => removeTempDir(dir));
  return dir;
}
