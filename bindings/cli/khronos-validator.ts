// The Khronos glTF validator (the `gltf-validator` package, a dependency of the CLI only) over a
// .glb or .gltf: its errors and warnings with their JSON pointers. Loaded on first use, by a
// name rollup leaves alone, so that the library bundle never imports it.
import type { SiblingResolver } from '../formats/format.js';
import { CodedError } from '../io/error-info.js';

export interface GltfIssue {
  /** The validator's code (`ACCESSOR_NON_FINITE`, …). */
  code: string;
  severity: 'error' | 'warning';
  /** JSON pointer into the glTF (`/accessors/0/min/1`); null when the issue has none. */
  pointer: string | null;
  message: string;
}

export interface GltfValidation {
  errors: number;
  warnings: number;
  /** Every error and warning (infos and hints left out), as many as the validator reports. */
  issues: GltfIssue[];
}

interface ValidatorModule {
  validateBytes(bytes: Uint8Array, options: { maxIssues?: number; externalResourceFunction?: (uri: string) => Promise<Uint8Array> }): Promise<{
    issues: { numErrors: number; numWarnings: number; messages: { code: string; message: string; severity: number; pointer?: string }[] };
  }>;
}

let loaded: Promise<ValidatorModule> | undefined;

function validator(): Promise<ValidatorModule> {
  const name = 'gltf-validator';
  loaded ??= import(name).then((m: { default?: ValidatorModule } & ValidatorModule) => m.default ?? m);
  return loaded;
}

/** Issues reported per file at most. */
export const MAX_REPORTED_ISSUES = 1000;

/** The formats this validator checks. */
export const KHRONOS_VALIDATED: readonly string[] = ['gltf', 'glb'];

/**
 * Runs the Khronos validator on a .glb or .gltf; external buffers and images are read through
 * `resolve` (the input's folder only), and a missing one is the validator's own error.
 */
export async function validateWithKhronos(bytes: Uint8Array, resolve?: SiblingResolver): Promise<GltfValidation> {
  const { validateBytes } = await validator();
  const report = await guarded(validateBytes(bytes, {
    // The validator stops after this many issues: a file of millions of bad elements gives a bounded report (still failing).
    maxIssues: MAX_REPORTED_ISSUES,
    externalResourceFunction: (uri) => {
      const found = resolve?.(decodeURIComponent(uri));
      return found ? Promise.resolve(found) : Promise.reject(new Error(`${uri} not found beside the file`));
    },
  }));
  const issues = report.issues.messages
    .filter((m) => m.severity <= 1)
    .map((m): GltfIssue => ({ code: m.code, severity: m.severity === 0 ? 'error' : 'warning', pointer: m.pointer ?? null, message: m.message }));
  return { errors: report.issues.numErrors, warnings: report.issues.numWarnings, issues };
}

// The validator (Dart compiled to JavaScript) runs its work in its own scheduled callbacks, and an
// error there is thrown from the callback, not through the promise: a glTF whose node hierarchy
// is 20,000 deep overflowed its stack and ended the whole process with a raw stack trace
// (../shared/hostile/gltf-node-chain-20000__quadratic-4s.gltf). While validations are pending,
// an uncaught error from the validator's code fails each of them (VALIDATOR_FAILED, a problem of
// its file; the run goes on); any other uncaught error is thrown again once this listener is gone,
// so that Node (or a worker thread's parent) handles it as before. Alternatives: the validator in a worker thread (a thread and a second
// copy of its 2 MB of code per run); refusing deep hierarchies first (other recursions of the
// validator would still crash it).
const pending = new Set<(error: Error) => void>();

function fromValidator(error: unknown): boolean {
  return error instanceof Error && typeof error.stack === 'string' && error.stack.includes('gltf_validator');
}

function onUncaught(error: unknown): void {
  if (!fromValidator(error)) {
    // Not ours: thrown again once this listener is gone, so Node (or a worker's parent) handles it as it would have.
    process.off('uncaughtException', onUncaught);
    setImmediate(() => {
      throw error;
    });
    return;
  }
  const { name, message } = error as Error;
  const failure = new CodedError('VALIDATOR_FAILED', `the Khronos glTF validator failed on this file (${name ? `${name}: ` : ''}${message})`);
  for (const fail of [...pending]) fail(failure);
}

/** `validation`, failed with VALIDATOR_FAILED should the validator throw outside it meanwhile. */
function guarded<T>(validation: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const settle = () => {
      pending.delete(fail);
      if (pending.size === 0) process.off('uncaughtException', onUncaught);
    };
    const fail = (error: Error) => {
      settle();
      reject(error);
    };
    if (pending.size === 0) process.on('uncaughtException', onUncaught);
    pending.add(fail);
    validation.then(
      (value) => {
        settle();
        resolve(value);
      },
      (error: unknown) => {
        settle();
        reject(error);
      },
    );
  });
}
