import validator from 'gltf-validator';

export interface ValidatorSummary {
  errors: number;
  warnings: number;
  /** "CODE (pointer): message" of every error and warning. */
  messages: string[];
}

/** The Khronos glTF validator's verdict on a .glb or .gltf (external resources resolved by `resources`). */
export async function validateGltf(bytes: Uint8Array, resources: Record<string, Uint8Array> = {}): Promise<ValidatorSummary> {
  const report = await validator.validateBytes(bytes, {
    maxIssues: 0,
    externalResourceFunction: (uri: string) => (uri in resources ? Promise.resolve(resources[uri]!) : Promise.reject(new Error(`no resource ${uri}`))),
  });
  const messages = report.issues.messages
    .filter((m: { severity: number }) => m.severity <= 1)
    .map((m: { code: string; pointer?: string; message: string }) => `${m.code} (${m.pointer ?? ''}): ${m.message}`);
  return { errors: report.issues.numErrors, warnings: report.issues.numWarnings, messages };
}
