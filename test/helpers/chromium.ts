// Debian's Chromium under playwright-core, for the browser tests: headless, a fresh profile,
// no network side traffic, WebGL on SwiftShader (no GPU here). Never downloads a browser.
// Locally a test skips with a message when Chromium or the build is missing; in CI (CI=true) it
// runs anyway, so that it fails instead of passing by skipping.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

export const inCI = process.env.CI === 'true' || process.env.CI === '1';

/**
 * Why a browser test cannot run here ('' when it can): Chromium or one of `builtFiles` missing.
 * In CI the answer is always '' so that the test runs and fails loudly.
 */
export function browserSkipReason(testName: string, builtFiles: { path: string; buildWith: string }[]): string {
  const reasons = [
    ...(existsSync(CHROMIUM) ? [] : [`${CHROMIUM} not found (apt-get install chromium)`]),
    ...builtFiles.filter((f) => !existsSync(f.path)).map((f) => `${f.path} not built (${f.buildWith})`),
  ];
  if (reasons.length === 0 || inCI) return '';
  const reason = reasons.join('; ');
  console.warn(`[meshcodec tests] ${testName} skipped: ${reason}`);
  return reason;
}

export interface ChromiumSession {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Starts headless Chromium with a profile folder of its own, removed on close. */
export async function launchChromium(): Promise<ChromiumSession> {
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(join(tmpdir(), 'meshcodec-chromium-'));
  try {
    const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    return {
      context,
      close: async () => {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
}
