import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { certificateProblem, parseCertificate } from './certificate';

const pem = readFileSync(join(__dirname, '../../../../test/fixtures/saml-cert.pem'), 'utf8');
const body = pem.split('\n').filter((line) => line && !line.startsWith('-----'));

describe('SAML certificate', () => {
  it('accepts one PEM certificate, with surrounding whitespace and CRLF line ends', () => {
    expect(certificateProblem(pem)).toBeNull();
    expect(certificateProblem(`\n  ${pem.trim()}  \n\n`)).toBeNull();
    expect(certificateProblem(pem.replace(/\n/g, '\r\n'))).toBeNull();
    expect(parseCertificate(pem).subject).toBe('CN=folio-test');
  });

  it('refuses what is not PEM', () => {
    expect(certificateProblem('')).toMatch(/BEGIN CERTIFICATE/);
    expect(certificateProblem('hello')).toMatch(/BEGIN CERTIFICATE/);
    expect(certificateProblem(body.join(''))).toMatch(/BEGIN CERTIFICATE/);
    expect(() => parseCertificate('hello')).toThrow(/not an X\.509 PEM certificate/);
  });

  it('refuses a PEM block whose content is not a certificate', () => {
    const garbled = ['-----BEGIN CERTIFICATE-----', 'AAAA' + body[0].slice(4), ...body.slice(1, 3), '-----END CERTIFICATE-----'].join('\n');
    expect(certificateProblem(garbled)).toMatch(/does not parse as an X\.509 certificate/);
    expect(certificateProblem('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----')).toMatch(/does not parse/);
  });

  it('refuses anything pasted along with the certificate: a key, a chain, text', () => {
    const key = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n';
    expect(certificateProblem(pem + key)).toMatch(/exactly one PEM CERTIFICATE block/);
    expect(certificateProblem(pem + pem)).toMatch(/exactly one PEM CERTIFICATE block/);
    expect(certificateProblem(`${pem}\nsigned by ACME`)).toMatch(/exactly one PEM CERTIFICATE block/);
    expect(certificateProblem(key + pem)).toMatch(/BEGIN CERTIFICATE/);
  });
});
