// The npm package of the Khronos glTF validator ships no types; this is the part the tests use.
declare module 'gltf-validator' {
  interface ValidationMessage { code: string; message: string; severity: number; pointer?: string }
  interface ValidationReport { issues: { numErrors: number; numWarnings: number; messages: ValidationMessage[] } }
  interface ValidationOptions { maxIssues?: number; externalResourceFunction?: (uri: string) => Promise<Uint8Array> }
  const validator: { validateBytes(data: Uint8Array, options?: ValidationOptions): Promise<ValidationReport> };
  export default validator;
}
