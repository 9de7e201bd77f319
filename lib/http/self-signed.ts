import { generate } from 'selfsigned';

/** A PEM key and certificate, as an HTTPS server takes them (the mock's TlsMaterial has the same shape). */
export interface CertificatePair {
  readonly key: string;
  readonly cert: string;
}

/** What a certificate may be made for other than the usual: the fault-injecting target's broken TLS. */
export interface CertificateOptions {
  /** When it stops being valid; the past gives an expired certificate. Default: a week ahead. */
  readonly notAfter?: Date;
  /** The DNS name it is for instead of 127.0.0.1 and localhost. */
  readonly hostName?: string;
}

/**
 * A fresh self-signed certificate for 127.0.0.1 and localhost. EC keys keep generation fast,
 * which matters when the proofs start one mock per fault.
 */
export async function selfSignedCertificate(options: CertificateOptions = {}): Promise<CertificatePair> {
  const notAfter = options.notAfter ?? new Date(Date.now() + 7 * 86_400_000);
  const notBefore = new Date(Math.min(Date.now() - 60_000, notAfter.getTime() - 86_400_000));
  const pems = await generate([{ name: 'commonName', value: 'cc-conformance mock' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: notBefore,
    notAfterDate: notAfter,
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', digitalSignature: true, keyCertSign: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: options.hostName
          ? [{ type: 2, value: options.hostName }]
          : [
              { type: 2, value: 'localhost' },
              { type: 7, ip: '127.0.0.1' },
            ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}
