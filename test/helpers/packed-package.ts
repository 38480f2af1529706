// The package as a user gets it: `npm pack` of the built dist/ (npm test and test:browser build it
// first), then `npm install` of that tarball into a new project. Packages a test project needs
// beside it (TypeScript) come from the npm registry through npm's cache (--prefer-offline): fast
// once cached, and a registry that cannot be reached fails the install loudly. Where there is no
// registry, MESHCODEC_OFFLINE=1 installs from npm's cache only (--offline).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PACKAGE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

export const offline = process.env.MESHCODEC_OFFLINE === '1' || process.env.MESHCODEC_OFFLINE === 'true';

export interface PackedFile { path: string; size: number }

export interface PackedPackage {
  /** Absolute path of the .tgz. */
  tarball: string;
  filename: string;
  size: number;
  unpackedSize: number;
  files: PackedFile[];
}

/** `npm pack` of the current dist/ into `destination` (no prepack: dist/ is already built). */
export function packPackage(destination: string): PackedPackage {
  const out = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', destination], { cwd: PACKAGE_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const packed = (JSON.parse(out) as Omit<PackedPackage, 'tarball'>[])[0]!;
  return { ...packed, tarball: join(destination, packed.filename) };
}

/**
 * A new ES-module project in `dir` with `packages` installed (the tarball's path and registry
 * specifiers such as `typescript@~5.9`). A failed install throws with npm's own output.
 */
export function installProject(dir: string, packages: string[]): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  const args = ['install', '--no-audit', '--no-fund', '--ignore-scripts', offline ? '--offline' : '--prefer-offline', ...packages];
  try {
    execFileSync('npm', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const { stderr = '', stdout = '' } = error as { stderr?: string; stdout?: string };
    const hint = offline ? 'MESHCODEC_OFFLINE is set: every package must already be in npm\'s cache' : 'is the npm registry reachable? (set MESHCODEC_OFFLINE=1 to install from npm\'s cache only)';
    throw new Error(`npm ${args.join(' ')} failed in ${dir} (${hint}):\n${stdout}${stderr}`);
  }
}
