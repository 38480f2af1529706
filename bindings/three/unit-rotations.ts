// Rotations scaled to unit length in place, as the glTF writer writes them: three.js composes a
// bone's matrix from its quaternion as given, so a quaternion off unit length (quantized keys,
// rounding in a file) would also scale and shear the bone. A zero or non-finite one becomes the
// identity. The loader owns the arrays (transferred from the worker or just decoded).

/** Normalises every xyzw quaternion of `data` in place; returns how many were changed to the identity. */
export function unitRotationsInPlace(data: Float32Array | number[]): number {
  let replaced = 0;
  for (let i = 0; i + 3 < data.length; i += 4) {
    const length = Math.hypot(data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!);
    if (length > 0 && Number.isFinite(length)) {
      for (let c = 0; c < 4; c++) data[i + c] = data[i + c]! / length;
    } else {
      replaced++;
      data[i] = data[i + 1] = data[i + 2] = 0;
      data[i + 3] = 1;
    }
  }
  return replaced;
}
