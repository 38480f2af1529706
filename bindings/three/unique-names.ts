// Object names as GLTFLoader gives them: sanitized for PropertyBinding (no dots, brackets,
// slashes or colons, which a track name like `bone.position` cannot hold) and made unique within
// one scene by `_1`, `_2`… suffixes, so that clips address bones by name as they do for glTF.
import { PropertyBinding } from 'three';

export class UniqueNames {
  private readonly used = new Map<string, number>();

  /** `name` sanitized, or `fallback` when it is empty, with a suffix when taken already. */
  take(name: string, fallback: string): string {
    const sanitized = PropertyBinding.sanitizeNodeName(name) || PropertyBinding.sanitizeNodeName(fallback);
    let unique = sanitized;
    for (let n = this.used.get(sanitized) ?? 0; this.used.has(unique); ) unique = `${sanitized}_${++n}`;
    this.used.set(unique, 0);
    if (unique !== sanitized) this.used.set(sanitized, Number(unique.slice(sanitized.length + 1)));
    return unique;
  }
}
