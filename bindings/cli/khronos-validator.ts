// The Khronos glTF validator (the `gltf-validator` package, a dependency of the CLI only) over a
// .glb or .gltf: its errors and warnings with their JSON pointers. Loaded on first use, by a
// name rollup leaves alone, so that the library bundle never imports it.
import type { SiblingResolver } from '../formats/format.js';

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
  const report = await validateBytes(bytes, {
    // The validator stops after this many issues: a file of millions of bad elements gives a bounded report (still failing).
    maxIssues: MAX_REPORTED_ISSUES,
    externalResourceFunction: (uri) => {
      const found = resolve?.(decodeURIComponent(uri));
      return found ? Promise.resolve(found) : Promise.reject(new Error(`${uri} not found beside the file`));
    },
  });
  const issues = report.issues.messages
    .filter((m) => m.severity <= 1)
    .map((m): GltfIssue => ({ code: m.code, severity: m.severity === 0 ? 'error' : 'warning', pointer: m.pointer ?? null, message: m.message }));
  return { errors: report.issues.numErrors, warnings: report.issues.numWarnings, issues };
}
