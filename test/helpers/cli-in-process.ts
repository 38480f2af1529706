// Runs the CLI's main (bindings/cli/main.ts) in this process with captured streams: no built
// dist/ needed, and the format handlers can be spied on (no worker pool: every file converts on
// this thread).
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../bindings/cli/main.js';
import type { CliIO } from '../../bindings/cli/stdio.js';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const TEST_VERSION = '9.9.9-test';

export interface CliRun {
  code: number;
  out: string;
  err: string;
  /** The per-file lines of a --json run, without the summary. */
  lines: Record<string, unknown>[];
  summary: Record<string, unknown> | undefined;
}

export async function cli(args: string[], env: Record<string, string | undefined> = {}, version = TEST_VERSION): Promise<CliRun> {
  let out = '';
  let err = '';
  const io: CliIO = {
    out: (text) => void (out += typeof text === 'string' ? text : Buffer.from(text).toString('latin1')),
    err: (text) => void (err += text),
    outIsTTY: false,
    errIsTTY: false,
    columns: 80,
    readStdin: async () => new Uint8Array(0),
  };
  const code = await runCli(args, { io, version, env });
  const parsed = args.includes('--json') ? out.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as Record<string, unknown>) : [];
  return { code, out, err, lines: parsed.filter((o) => !('summary' in o)), summary: parsed.find((o) => 'summary' in o)?.summary as Record<string, unknown> | undefined };
}

/**
 * A tree of `count` inputs under `dir`, copied from fixtures/ in turn (`tube.mesh`, `tube.anim`,
 * `tube.iqm`, `tube.glb`, …), spread over nested folders: `a/b03/tile-0007.iqm`. The files of one
 * stem share a folder, so that their output names meet.
 */
export function tileFixtures(dir: string, count: number, names = ['tube.mesh', 'tube.anim', 'tube.iqm', 'tube.glb', 'tube.apg', 'tube.data']): string[] {
  const made: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = names[i % names.length]!;
    const ext = name.slice(name.indexOf('.'));
    const group = Math.floor(i / names.length);
    const folder = join(dir, group % 3 === 0 ? '.' : `a/b${String(group % 7).padStart(2, '0')}`);
    mkdirSync(folder, { recursive: true });
    const stem = `tile-${String(group).padStart(4, '0')}`;
    const path = join(folder, stem + ext);
    copyFileSync(join(ROOT, 'fixtures', name), path);
    made.push(path);
  }
  return made;
}
