import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { MeshFormatError } from '../io/errors.js';
import { initSync } from '../kernels/backend.js';
import type { BackendChoice } from '../kernels/backend.js';
import { FORMAT_NAMES } from '../formats/registry.js';
import { formatInfoLine, infoForFile, type FileInfo } from './info.js';

const USAGE = `Usage: meshcodec <command> [options] FILES…

Commands:
  info [--json] [--format NAME] FILES…   summarise mesh and animation files

Options:
  --format NAME    read every file as NAME (${FORMAT_NAMES.join(', ')}); default: detect
  --json           print one JSON array, one object per file
  --backend NAME   auto (default), wasm-simd, wasm-scalar or js
  -h, --help       show this help
`;

/** Runs the CLI; returns the exit code (0 ok, 1 some file failed, 2 usage). */
export function runCli(argv: string[], out: (s: string) => void = (s) => process.stdout.write(s), err: (s: string) => void = (s) => process.stderr.write(s)): number {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        json: { type: 'boolean', default: false },
        format: { type: 'string' },
        backend: { type: 'string', default: 'auto' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (e) {
    err(`meshcodec: ${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  const [command, ...files] = parsed.positionals;
  if (parsed.values.help || !command) {
    (parsed.values.help ? out : err)(USAGE);
    return parsed.values.help ? 0 : 2;
  }
  let kernels;
  try {
    kernels = initSync({ backend: parsed.values.backend as BackendChoice });
  } catch (e) {
    err(`meshcodec: ${(e as Error).message}\n`);
    return 2;
  }
  if (command !== 'info') {
    err(`meshcodec: unknown command '${command}'\n${USAGE}`);
    return 2;
  }
  if (files.length === 0) {
    err(`meshcodec: info needs at least one file\n${USAGE}`);
    return 2;
  }
  const infos: (FileInfo | { file: string; error: string; code?: string })[] = [];
  let failed = false;
  for (const file of files) {
    try {
      const info = infoForFile(file, readFileSync(file), parsed.values.format, kernels);
      infos.push(info);
      if (!parsed.values.json) out(formatInfoLine(info) + '\n');
    } catch (e) {
      failed = true;
      const message = (e as Error).message;
      const entry = e instanceof MeshFormatError ? { file, error: message, code: e.code } : { file, error: message };
      infos.push(entry);
      if (!parsed.values.json) err(`${file}: error: ${message}\n`);
    }
  }
  if (parsed.values.json) out(JSON.stringify(infos, null, 2) + '\n');
  return failed ? 1 : 0;
}
