import type { Page } from 'playwright-core';
import { CHROMIUM_MISSING, chromiumInstalled } from '../../load/report/browser.ts';

/** What the browser tests share: a skip without a browser, and what a report page says and asks for. */

/** Skips the calling test without a browser, with how to get one; in CI a missing browser fails instead. */
export function needChromium(skip: (note: string) => never): void {
  if (chromiumInstalled()) return;
  if (process.env.CI === 'true') throw new Error(`${CHROMIUM_MISSING} (CI must run the browser tests)`);
  skip(`browser test skipped: ${CHROMIUM_MISSING}`);
}

/** Collects, from now on, the page's console errors and warnings, its uncaught errors, and every URL it requests. */
export function watchPage(page: Page): { readonly problems: string[]; readonly requests: string[] } {
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => requests.push(request.url()));
  return { problems, requests };
}

/** An element's colour as the browser paints it (`rgb(r, g, b)`); the project compiles without the DOM's types. */
export function paintedColor(element: unknown): string {
  const view = globalThis as unknown as { getComputedStyle(e: unknown): { color: string } };
  return view.getComputedStyle(element).color;
}
