/**
 * The check both scripts make in setup(): a target that is down, or whose budget someone is already
 * spending (429 to the very first request), would make every threshold meaningless, so the run stops
 * before any load with a line saying why.
 */
import exec from 'k6/execution';
import { isMetered, type ApiPart } from '../../lib/contract/vocabulary.ts';

export function abortUnlessHealthy(surface: ApiPart, path: string, status: number, error: string, windowMs: number): void {
  if (status === 429) {
    exec.test.abort(
      `${surface} answered 429 to the first request (GET ${path}): the company's ${isMetered(surface) ? 'budget' : 'quota'} is already being spent elsewhere; wait a window (${windowMs} ms) and run again`,
    );
  }
  if (status === 0) exec.test.abort(`${surface} is unhealthy: GET ${path} got no answer (${error})`);
  if (status < 200 || status > 299) exec.test.abort(`${surface} is unhealthy: GET ${path} answered ${status}`);
}
