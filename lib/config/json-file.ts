import { readFileSync } from 'node:fs';
import { ConfigError } from '../errors.ts';

/**
 * A JSON file the user wrote (the config file, an expectations file), parsed; text that is not JSON is a
 * one-line ConfigError starting with `what`. V8's message may quote the file around the error, line breaks
 * and secrets included, so only the position is kept.
 */
export function parseJsonFile(path: string, what: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    const at = /\bposition (\d+)/.exec((err as Error).message)?.[1];
    throw new ConfigError(`${what}: ${path} is not valid JSON${at !== undefined ? ` (error at position ${at})` : ''}`);
  }
}
