import { X509Certificate } from 'node:crypto';

export const CERTIFICATE_MAX = 10_000;

/**
 * One PEM block of type CERTIFICATE and nothing else: no private key pasted along, no chain, no text
 * around it (surrounding whitespace is fine). Anything inside the block is left to the X.509 parser.
 */
const ONE_CERTIFICATE = /^-----BEGIN CERTIFICATE-----\r?\n([A-Za-z0-9+/=\s]+)\r?\n-----END CERTIFICATE-----$/;

/**
 * Why `text` is not a usable identity-provider signing certificate, or null when it is one: a single
 * X.509 certificate in PEM form that node's own parser (OpenSSL) accepts. Expiry is not checked here:
 * identity providers rotate certificates, and an expired one is the admin's to replace, not a malformed input.
 */
export function certificateProblem(text: string): string | null {
  const pem = text.trim();
  if (!pem.startsWith('-----BEGIN CERTIFICATE-----')) return 'it does not start with -----BEGIN CERTIFICATE-----';
  if (!ONE_CERTIFICATE.test(pem)) return 'it must hold exactly one PEM CERTIFICATE block and nothing else';
  try {
    new X509Certificate(pem);
    return null;
  } catch {
    return 'its content does not parse as an X.509 certificate';
  }
}

/** The parsed certificate; throws with `certificateProblem`'s reason when there is none. */
export function parseCertificate(text: string): X509Certificate {
  const problem = certificateProblem(text);
  if (problem) throw new Error(`not an X.509 PEM certificate: ${problem}`);
  return new X509Certificate(text.trim());
}
