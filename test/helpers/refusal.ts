import { MeshFormatError } from '../../bindings/index.js';

/** The MeshFormatError `call` throws (anything else is rethrown; no error at all fails the test). */
export function refusal(call: () => unknown): MeshFormatError {
  try {
    call();
  } catch (e) {
    if (e instanceof MeshFormatError) return e;
    throw e;
  }
  throw new Error('expected a MeshFormatError');
}
