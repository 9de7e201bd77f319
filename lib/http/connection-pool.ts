import { createSecureContext, rootCertificates } from 'node:tls';
import { Agent } from 'undici';

/** An idle kept-alive connection is closed after this long. */
const KEEP_ALIVE_MS = 10_000;

/**
 * The connections to the target, for the suite's client and the Node load runner alike: up to
 * `connections` per host, trusting the system's CAs and, when given, the target's extra one (CC_CA_FILE).
 */
export function connectionPool(options: { readonly ca?: string | undefined; readonly connections: number }): Agent {
  return new Agent({
    // One TLS context for every connection: a `ca` list instead makes Node parse the whole root store again
    // for each new connection (tens of ms), which a burst after an idle gap (keep-alive closed) turns into seconds.
    connect: options.ca ? { secureContext: createSecureContext({ ca: [...rootCertificates, options.ca] }) } : {},
    connections: options.connections,
    keepAliveTimeout: KEEP_ALIVE_MS,
  });
}
