import { readFileSync } from 'node:fs';

/** The package's version, read from the package.json above the running file (dist/ or bindings/cli/). */
export function packageVersion(from: URL): string {
  for (const up of ['../package.json', '../../package.json', '../../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(up, from), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'meshcodec' && pkg.version) return pkg.version;
    } catch {
      // not here: look one folder up
    }
  }
  return 'unknown';
}
