import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { MeshFormatError } from '../io/errors.js';
import { initSync } from '../kernels/backend.js';
import type { BackendChoice } from '../kernels/backend.js';
import { FORMAT_NAMES } from '../formats/registry.js';
import { formatInfoLine, infoForFile, type FileInfo } from './info.js';
import { convertFile, outputPathFor } from './convert.js';
import type { Kernels } from '../kernels/kernels.js';

const USAGE = `Usage: meshcodec <command> [options] FILES…

Commands:
  info [--json] [--format NAME] FILES…   summarise mesh and animation files
  convert FILE -o OUTPUT [--to NAME]       convert one file (format from OUTPUT's extension)
  convert FILES… --out-dir DIR --to NAME   convert many files into DIR

Options:
  --format NAME    read every file as NAME (${FORMAT_NAMES.join(', ')}); default: detect
  --json           print one JSON array, one object per file
  -o, --output     output file (convert)
  --out-dir DIR    output folder (convert)
  --to NAME        output format (convert)
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
        output: { type: 'string', short: 'o' },
        'out-dir': { type: 'string' },
        to: { type: 'string' },
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
  if (command !== 'info' && command !== 'convert') {
    err(`meshcodec: unknown command '${command}'\n${USAGE}`);
    return 2;
  }
  if (files.length === 0) {
    err(`meshcodec: ${command} needs at least one file\n${USAGE}`);
    return 2;
  }
  if (command === 'convert') return runConvert(files, parsed.values, kernels, out, err);
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

function runConvert(
  files: string[],
  values: { output?: string | undefined; 'out-dir'?: string | undefined; to?: string | undefined; format?: string | undefined; json?: boolean | undefined },
  kernels: Kernels,
  out: (s: string) => void,
  err: (s: string) => void,
): number {
  if (values.output && files.length !== 1) {
    err('meshcodec: -o takes one input file; use --out-dir DIR --to NAME for several\n');
    return 2;
  }
  if (!values.output && !(values['out-dir'] && values.to)) {
    err(`meshcodec: convert needs -o OUTPUT, or --out-dir DIR with --to NAME\n${USAGE}`);
    return 2;
  }
  let outputs: string[];
  try {
    outputs = files.map((file) => values.output ?? outputPathFor(file, values['out-dir']!, values.to!));
  } catch (e) {
    err(`meshcodec: ${(e as Error).message}\n`);
    return 2;
  }
  const seen = new Map<string, string>();
  for (let i = 0; i < files.length; i++) {
    const first = seen.get(outputs[i]!);
    if (first !== undefined) {
      err(`meshcodec: ${first} and ${files[i]} would both be written to ${outputs[i]}; convert them into different folders\n`);
      return 2;
    }
    seen.set(outputs[i]!, files[i]!);
  }
  let failed = false;
  const results = [];
  for (let i = 0; i < files.length; i++) {
    const file = files[i]!;
    try {
      const r = convertFile(file, outputs[i]!, { to: values.to, from: values.format, kernels });
      results.push(r);
      if (!values.json) {
        out(`${r.input} (${r.from}, ${r.bytesIn} bytes) -> ${r.output} (${r.to}, ${r.bytesOut} bytes)\n`);
        for (const file of r.files.filter((f) => f !== r.output)) out(`  with ${file}\n`);
        for (const w of r.warnings) out(`  warning: ${w}\n`);
      }
    } catch (e) {
      failed = true;
      results.push({ input: file, error: (e as Error).message });
      if (!values.json) err(`${file}: error: ${(e as Error).message}\n`);
    }
  }
  if (values.json) out(JSON.stringify(results, null, 2) + '\n');
  return failed ? 1 : 0;
}
