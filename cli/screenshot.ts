import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CHROMIUM_MISSING, CHROMIUM_PATH, chromiumInstalled, screenshotReport } from '../load/report/browser.ts';

const HELP = `Usage: npm run screenshot -- <report.html> <out.png> [--width N]

Writes a full-page PNG of a report page (a load report, or the conformance HTML report) as headless
Chromium (${CHROMIUM_PATH}) renders it, once every chart is drawn. The page may not reach the network.

Options:
  --width N   viewport width in CSS pixels (default 1280)
  --help`;

function fail(message: string): never {
  process.stderr.write(`screenshot: ${message}\n`);
  process.exit(2);
}

function parse(): { html: string; png: string; width: number } {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { width: { type: 'string' }, help: { type: 'boolean' } } });
  } catch (error) {
    fail(`${(error as Error).message} (--help shows the usage)`);
  }
  if (parsed.values.help) {
    process.stdout.write(`${HELP}\n`);
    process.exit(0);
  }
  const [html, png, ...rest] = parsed.positionals;
  if (!html || !png || rest.length > 0) fail('expected <report.html> <out.png> (--help shows the usage)');
  const width = parsed.values.width === undefined ? 1280 : Number(parsed.values.width);
  if (!Number.isInteger(width) || width < 320 || width > 8000) fail(`--width must be a whole number from 320 to 8000, got ${parsed.values.width}`);
  return { html: resolve(html), png: resolve(png), width };
}

const { html, png, width } = parse();
if (!existsSync(html) || !statSync(html).isFile()) fail(`no such file: ${html}`);
if (!chromiumInstalled()) fail(CHROMIUM_MISSING);
try {
  await screenshotReport(html, png, width);
} catch (error) {
  fail(((error as Error).message.split('\n')[0] ?? 'unknown error').trim());
}
process.stdout.write(`${png}\n`);
