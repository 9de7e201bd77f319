/**
 * uPlot's script and style, read from the installed package at render time and inlined, so a page
 * works offline and from a CI artifact. Resolved from this module, not the working directory.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export interface ChartAssets {
  readonly script: string;
  readonly style: string;
}

let cached: ChartAssets | undefined;

export function chartAssets(): ChartAssets {
  if (!cached) {
    const require = createRequire(import.meta.url);
    cached = {
      script: readFileSync(require.resolve('uplot/dist/uPlot.iife.min.js'), 'utf8'),
      style: readFileSync(require.resolve('uplot/dist/uPlot.min.css'), 'utf8'),
    };
  }
  return cached;
}
