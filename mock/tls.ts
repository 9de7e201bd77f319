/** The mock's certificates are made in lib/ (the recording proxy makes its own the same way). */
export { type CertificateOptions, selfSignedCertificate } from '../lib/http/self-signed.ts';
