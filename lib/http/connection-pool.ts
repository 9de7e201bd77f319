import { createSecureContext, rootCertificates, type SecureContext } from 'node:tls';
import { Agent } from 'undici';

/** An idle kept-alive connection is closed after this long. */
export const KEEP_ALIVE_MS = 10_000;

/**
 * The suite's connections to the target: up to `connections` per host, opened as targetTls says (as the
 * Node load runner's own connections are).
 */
export function connectionPool(options: { readonly ca?: string | undefined; readonly connections: number }): Agent {
  return new Agent({ connect: targetTls(options.ca), connections: options.connections, keepAliveTimeout: KEEP_ALIVE_MS });
}

/** How a connection to the target opens: trusting the system's CAs and, when given, the target's extra one (CC_CA_FILE). */
export function targetTls(ca: string | undefined): { readonly secureContext?: SecureContext } {
  // One TLS context for every connection: a `ca` list instead makes Node parse the whole root store again
  // for each new connection (tens of ms), which a burst after an idle gap (keep-alive closed) turns into seconds.
  return ca ? { secureContext: createSecureContext({ ca: [...rootCertificates, ca] }) } : {};
}
