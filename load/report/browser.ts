/**
 * Headless Chromium for looking at report pages: the screenshot command and the page's browser test
 * launch it the same way. The system's Chromium is used (playwright-core brings no browser), with
 * everything that would reach the network at start-up switched off.
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const CHROMIUM_MISSING = `Chromium not found at ${CHROMIUM_PATH}; install it with: apt-get install chromium`;

export function chromiumInstalled(): boolean {
  return existsSync(CHROMIUM_PATH);
}

export async function launchChromium(): Promise<Browser> {
  if (!chromiumInstalled()) throw new Error(CHROMIUM_MISSING);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
}

/** What a load report page says it drew (`window.__ccCharts`); absent on other pages. */
export interface DrawnChart {
  readonly id: string;
  readonly title: string;
  readonly points: number;
  readonly drawn: boolean;
}

export async function newReportPage(browser: Browser, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  return context.newPage();
}

/**
 * Loads a page from a file and waits until it is complete and, on a load report, every chart is
 * painted. Anything but the file itself is refused: a report page needs no network.
 */
export async function loadReportPage(page: Page, htmlPath: string): Promise<void> {
  const own = pathToFileURL(htmlPath).href;
  await page.route('**/*', (route) => (route.request().url() === own ? route.continue() : route.abort()));
  await page.goto(own, { waitUntil: 'load' });
  await page.waitForFunction(`document.readyState === 'complete' && (window.__ccCharts === undefined || window.__ccCharts.every((c) => c.drawn))`, undefined, {
    timeout: 15_000,
  });
}

export async function drawnCharts(page: Page): Promise<DrawnChart[] | undefined> {
  return (await page.evaluate('window.__ccCharts')) as DrawnChart[] | undefined;
}

export async function screenshotReport(htmlPath: string, pngPath: string, width = 1280): Promise<void> {
  const browser = await launchChromium();
  try {
    const page = await newReportPage(browser, width);
    await loadReportPage(page, htmlPath);
    await page.screenshot({ path: pngPath, fullPage: true });
  } finally {
    await browser.close();
  }
}
