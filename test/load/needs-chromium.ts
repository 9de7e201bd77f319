import { CHROMIUM_MISSING, chromiumInstalled } from '../../load/report/browser.ts';

/** Skips the calling test without a browser, with how to get one; in CI a missing browser fails instead. */
export function needChromium(skip: (note: string) => never): void {
  if (chromiumInstalled()) return;
  if (process.env.CI === 'true') throw new Error(`${CHROMIUM_MISSING} (CI must run the browser tests)`);
  skip(`browser test skipped: ${CHROMIUM_MISSING}`);
}
