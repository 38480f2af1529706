import type { EncodedFile } from '../formats/format.js';
import type { FormatSignature } from '../formats/format-signature.js';
import { handlerOf } from '../workers/convert-job.js';
import type { Kernels } from '../kernels/kernels.js';
import { CodedError, errorInfo } from '../io/error-info.js';
import { KHRONOS_VALIDATED, validateWithKhronos } from './khronos-validator.js';

/** How many validator errors a failure message quotes (all of them are counted). */
const QUOTED_ISSUES = 5;

/**
 * `convert --validate`: the outputs of one conversion, checked before they are written. The
 * target's own reader reads the main file back (companions such as a `.msh.blob` or `.bin` from
 * the same set), and a glTF or GLB goes through the Khronos validator; a refusal, or any
 * validator error, fails the file (OUTPUT_INVALID) with the validator's codes and JSON pointers.
 */
export async function checkOutputs(files: readonly EncodedFile[], target: FormatSignature, kernels: Kernels): Promise<void> {
  const main = files[0]!;
  const resolve = (name: string) => files.find((f) => f.name === name)?.bytes;
  try {
    handlerOf(target).parseSync(main.bytes, { kernels, fileName: main.name, resolve });
  } catch (e) {
    throw new CodedError('OUTPUT_INVALID', `${main.name} as written does not read back: ${errorInfo(e).message}`);
  }
  if (!KHRONOS_VALIDATED.includes(target.name)) return;
  const report = await validateWithKhronos(main.bytes, resolve);
  if (report.errors === 0) return;
  const quoted = report.issues.filter((i) => i.severity === 'error').slice(0, QUOTED_ISSUES).map((i) => `${i.code}${i.pointer ? ` at ${i.pointer}` : ''}: ${i.message}`);
  const more = report.errors > quoted.length ? `; … ${report.errors - quoted.length} more` : '';
  throw new CodedError('OUTPUT_INVALID', `${main.name}: ${report.errors} Khronos validator error(s): ${quoted.join('; ')}${more}`);
}
