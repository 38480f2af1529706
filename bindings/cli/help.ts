import { FORMAT_SIGNATURES } from '../formats/format-index.js';
import { conversionOptionsHelp } from './conversion-options.js';
import { QUEUE_WORKER_DEFAULTS } from '../queue/worker-defaults.js';

/** The registered formats, one per line, with aliases and extensions (from the registry), in aligned columns. */
export function formatList(): string {
  const names = FORMAT_SIGNATURES.map((f) => `${f.name}${f.aliases?.length ? ` (also ${f.aliases.join(', ')})` : ''}`);
  const width = Math.max(...names.map((n) => n.length));
  return FORMAT_SIGNATURES.map((f, i) => `  ${names[i]!.padEnd(width)}  ${f.extensions.join(' ')}`).join('\n');
}

const COMMON = `  --format NAME      read every input as NAME (default: detect by content, then extension)
  --backend NAME     kernels: auto (default), wasm-simd, wasm-scalar, js
  --json             JSON Lines on stdout: one object per file as it finishes, then {"summary": …}
  --verbose          details per file
  -h, --help         this help`;

export function generalHelp(): string {
  return `Usage: meshcodec <command> [options] FILES|DIRS|GLOBS…

Commands:
  info       summarise mesh and animation files (a table, or --json)
  convert    convert files to another format, on all cores
  validate   check files and whether re-encoding reproduces them byte for byte
  queue      add conversion jobs to a BullMQ queue on Redis, or work on them (queue add|work)

Run 'meshcodec <command> --help' (or 'meshcodec help <command>') for a command's options and examples.
Folders are walked for files with a known extension; '-' is standard input.

Formats:
${formatList()}

Options:
  -V, --version      print the version
  -h, --help         this help

Exit codes: 0 every file done, 1 some file failed (each is reported, the rest still run), 2 usage.
`;
}

export const COMMAND_HELP: Record<string, () => string> = {
  info: () => `Usage: meshcodec info [options] FILES|DIRS|GLOBS…

Prints a table (file, format, vertices, triangles, joints, animations, frames, bytes); each
file is parsed once. --verbose adds meshes, animations, warnings and the format's own facts.

Options:
${COMMON}

Examples:
  meshcodec info model.mesh run.anim
  meshcodec info --json assets/ > inventory.jsonl
  meshcodec info 'assets/**/*.iqm'
  cat model.iqm | meshcodec info -

Formats:
${formatList()}
`,
  convert: () => `Usage: meshcodec convert [options] FILES|DIRS|GLOBS… --to NAME [--out-dir DIR]
       meshcodec convert [options] FILE -o OUTPUT

Converts each file through the format-neutral Asset (a same-format conversion rewrites the file
unchanged where the format can). Without -o or --out-dir, outputs are written beside the inputs.
Several files run on a pool of worker threads. Outputs are written under a temporary name and
renamed when complete; inputs are never overwritten; existing outputs are refused without --force.
Under --out-dir the inputs' folder structure is kept; inputs whose output names would meet keep
their source extension (x.mesh.iqm, x.anim.iqm).

Options:
  --to NAME          output format (default with -o: from OUTPUT's extension)
  -o, --output FILE  the output for a single input ('-' for stdout); its extension decides the
                     kind of file where a format has several (.mesh / .anim)
  --out-dir DIR      output folder for many inputs
  --force            replace existing outputs
  --jobs N           worker threads (default: one per core; 1 converts on the main thread)
  --quiet            no progress and no summary; failures are still reported
  --validate         read each output back with its own reader (glTF/GLB also through the
                     Khronos validator) before writing it; an error fails the file
  --shard I/N        convert only part I (0 to N-1) of N, chosen by a hash of each input's path
                     under its folder or glob; --shard /N takes I from JOB_COMPLETION_INDEX
  --manifest FILE    append one JSON line per input read: path, size, SHA-256, options, version,
                     outputs and their SHA-256, warnings or error (last line for an input wins)
  --incremental      with --manifest: skip, undecoded, inputs whose entry still matches (same
                     SHA-256, options, version, outputs on disk with their SHA-256)
${COMMON}

Conversion options (default: the target format's own conventions: up axis, winding, V origin;
each applies to the reader of the source or the writer of the target that takes it):
${conversionOptionsHelp()}

Examples:
  meshcodec convert actor.mesh --to iqm                 # writes actor.iqm beside actor.mesh
  meshcodec convert actor.mesh -o out/actor.iqm
  meshcodec convert assets/ --to iqm --out-dir converted/ --jobs 4
  meshcodec convert assets/ --to glb --out-dir out/ --shard 2/8 --manifest out/shard-2.jsonl --incremental
  meshcodec convert run.anim -o run.mesh                # an .anim's skeleton and animation as a .mesh
  cat actor.iqm | meshcodec convert - --to unigine -o - > actor.mesh
  meshcodec convert scene.glb --to iqm                  # Z-up, as IQM is
  meshcodec convert walk.glb --to unigine --resample 30 --quantize round
  meshcodec convert mrfixit.iqm --to glb --optimize     # quantized, meshopt-compressed, textured

Formats:
${formatList()}
`,
  validate: () => `Usage: meshcodec validate [options] FILES|DIRS|GLOBS…

Reads each file with every check the reader has, reports problems with their byte offsets, and
says whether re-encoding reproduces the file byte for byte (the format's document rewrite where
it has one, else through the Asset). glTF and GLB also go through the Khronos validator: its
errors (which fail the file) and warnings with their JSON pointers. --json prints one line per
file: { file, format, ok, byteExact, reencodedBy, firstDifference,
problems: [{ code, severity, offset, pointer, message }], warnings }, then a summary line.

Options:
${COMMON}

Examples:
  meshcodec validate model.mesh
  meshcodec validate --json assets/ | jq -c 'select(.ok == false)'

Formats:
${formatList()}
`,
  queue: () => `Usage: meshcodec queue add FILES|DIRS|GLOBS… --to NAME [--out-dir DIR] --redis URL --queue NAME [conversion options]
       meshcodec queue work --redis URL --queue NAME [--concurrency N] [--until-empty] [--manifest FILE.jsonl]

A BullMQ queue on Redis (meshcodec/queue). 'add' makes one job per input file, its outputs named
as 'convert' with the same inputs and --out-dir names them; paths are made absolute, for workers
that see the same file system. 'work' converts jobs on N worker threads, writes each output under
a temporary name then its own, and returns each job's manifest entry. A job failing on its input
fails once (no retry: BullMQ's UnrecoverableError); a job whose worker dies is taken over by
another worker once its lock expires (--lock-duration).

Options:
  --redis URL            redis://host:6379 (rediss:// for TLS)
  --queue NAME           the queue's name
  --json                 JSON Lines on stdout (add: a summary; work: one object per job, then a summary)
  --quiet                no per-job lines and no summary; failures are still reported
  -h, --help             this help
queue add:
  --to NAME              output format
  --out-dir DIR          output folder (default: beside each input)
  --format NAME          read every input as NAME
  --force                replace existing outputs
  --inline-under BYTES   files of at most BYTES travel in the job as base64 (no companions)
  and the conversion options of 'meshcodec convert --help'
queue work:
  --concurrency N        jobs at once, each on its own thread (default ${QUEUE_WORKER_DEFAULTS.concurrency})
  --until-empty          exit once no job is waiting, delayed or active (a batch run)
  --manifest FILE.jsonl  append each job's manifest entry (written before the job completes:
                         a job retried after its worker died may have two identical lines)
  --lock-duration MS     a job's lock (default ${QUEUE_WORKER_DEFAULTS.lockDuration}): a dead worker's jobs are free after it
  --stalled-interval MS  how often to look for them (default ${QUEUE_WORKER_DEFAULTS.stalledInterval})
  --backend NAME         kernels: auto (default), wasm-simd, wasm-scalar, js

Exit codes: add: 0, 1 some argument named nothing, 2 usage; work: 0 every job done, 1 some failed.

Examples:
  meshcodec queue add assets/ --to glb --out-dir /shared/out --redis redis://redis:6379 --queue assets
  meshcodec queue work --redis redis://redis:6379 --queue assets --concurrency 4 --manifest /shared/out/worker-$HOSTNAME.jsonl
  meshcodec queue work --redis redis://127.0.0.1:6379 --queue assets --until-empty
`,
};
