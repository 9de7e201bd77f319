import { generate } from 'selfsigned';
import type { TlsMaterial } from './http/front-door.js';

/**
 * A fresh self-signed certificate for 127.0.0.1 and localhost. EC keys keep generation fast,
 * which matters when the proofs start one mock per fault.
 */
export async function selfSignedCertificate(): Promise<TlsMaterial> {
  const notBefore = new Date(Date.now() - 60_000);
  const notAfter = new Date(Date.now() + 7 * 86_400_000);
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
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}
