// The sha-256 walk the hash scripts (asset-hashes.ts, gltf-roundtrip-hashes.ts) feed an Asset
// through: typed arrays by type, length and bytes; arrays and objects by structure, keys in their
// order; other values by type and text (-0 apart from 0).
import type { createHash } from 'node:crypto';

export function hashValue(hash: ReturnType<typeof createHash>, value: unknown): void {
  if (ArrayBuffer.isView(value)) {
    hash.update(`${value.constructor.name}:${value.byteLength}:`);
    hash.update(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
  } else if (Array.isArray(value)) {
    hash.update(`[${value.length}`);
    for (const v of value) hashValue(hash, v);
    hash.update(']');
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      hash.update(`{${k}:`);
      hashValue(hash, v);
    }
  } else hash.update(`${typeof value}:${Object.is(value, -0) ? '-0' : String(value)};`);
}
