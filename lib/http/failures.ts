import { ConnectionResetError, ResponseTimeoutError, TlsError, type TlsProblem, TransportError } from '../errors.ts';

/**
 * Turns what undici or Node raised below HTTP into a typed transport error whose message says what
 * happened and, where the fix is on our side, what to change. The original error stays the `cause`
 * (the plain-HTTP probe reads its code).
 */

/** Verification codes of a certificate no trusted CA signed. */
const UNKNOWN_CA = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
]);
const EXPIRED = new Set(['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID']);
const WRONG_HOST = 'ERR_TLS_CERT_ALTNAME_INVALID';
/** The connection closed or broke before the answer was whole. */
const RESET = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET', 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH', 'ERR_STREAM_PREMATURE_CLOSE']);
const TIMEOUT = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT']);

function codeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

function tlsHint(problem: TlsProblem, host: string, caFile: string | undefined, names: string | undefined): string {
  switch (problem) {
    case 'unknown-ca':
      return caFile
        ? `no CA this run trusts signed it, nor the one in CC_CA_FILE (${caFile}): point CC_CA_FILE at the PEM of the CA that signed ${host}'s certificate`
        : `no CA this run trusts signed it: set CC_CA_FILE to the PEM of the CA that signed ${host}'s certificate`;
    case 'expired':
      return `the certificate of ${host} is outside its validity dates: renew it on the target (or check this machine's clock)`;
    case 'wrong-host':
      return `the certificate is not for ${host}${names ? ` (it names ${names})` : ''}: use a host name the certificate names in the CC_*_URL variable, or give the target a certificate for ${host}`;
    default:
      return `the TLS handshake with ${host} failed: check that the URL's port speaks HTTPS`;
  }
}

function tlsProblem(code: string | undefined, err: unknown): TlsProblem | undefined {
  if (code === undefined) return undefined;
  if (UNKNOWN_CA.has(code)) return 'unknown-ca';
  if (EXPIRED.has(code)) return 'expired';
  if (code === WRONG_HOST) return 'wrong-host';
  if (/^ERR_(SSL|TLS)_/.test(code) || /\b(SSL|TLS)\b/.test((err as Error).message ?? '')) return 'other';
  return undefined;
}

/**
 * The typed error for a request (`what`: method and redacted URL) that failed below HTTP; `stage` says
 * whether the answer's head or its body was awaited.
 */
export function transportFailure(
  what: string,
  err: unknown,
  context: { readonly stage: 'answer' | 'body'; readonly timeoutMs: number; readonly caFile?: string },
): TransportError {
  const code = codeOf(err);
  const message = (err as Error | undefined)?.message ?? String(err);
  const host = new URL(what.slice(what.indexOf(' ') + 1)).host;
  const problem = tlsProblem(code, err);
  if (problem)
    return new TlsError(
      problem,
      `${what}: TLS ${code}: ${tlsHint(problem, host, context.caFile, (err as { cert?: { subjectaltname?: string } }).cert?.subjectaltname)}`,
      { cause: err },
    );
  if (code !== undefined && TIMEOUT.has(code)) {
    const waited = context.stage === 'body' ? 'the body stopped arriving' : 'no answer came';
    return new ResponseTimeoutError(`${what}: ${waited} within ${context.timeoutMs} ms (CC_TIMEOUT_MS); ${code}`, { cause: err });
  }
  if (code !== undefined && RESET.has(code)) {
    const when = context.stage === 'body' ? 'in the middle of its body' : 'before answering';
    return new ConnectionResetError(`${what}: the target closed the connection ${when} (${code}: ${message})`, { cause: err });
  }
  if (code === 'ECONNREFUSED')
    return new TransportError(`${what}: ECONNREFUSED: nothing accepts connections at ${host}; check the CC_*_URL variable and that the target is up`, {
      cause: err,
    });
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new TransportError(`${what}: ${code}: the host name of ${host} does not resolve`, { cause: err });
  const stage = context.stage === 'body' ? 'body not received' : 'no answer';
  return new TransportError(`${what}: ${stage} (${code ? `${code} ` : ''}${message})`, { cause: err });
}
