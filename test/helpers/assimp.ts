import { execFileSync } from 'node:child_process';

/** Whether Debian's `assimp` command (an independent reader for the cross-checks) is installed. */
export const assimpAvailable: boolean = (() => {
  try {
    execFileSync('assimp', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
