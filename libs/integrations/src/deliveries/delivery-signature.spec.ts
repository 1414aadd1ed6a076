import { createHmac, timingSafeEqual } from 'node:crypto';
import { signatureHeader } from './delivery-signature';

/** A receiver's check, written as GitBook documents it, independently of the code under test. */
function verifies(header: string, body: string, secret: string): boolean {
  const parts = new Map(header.split(',').map((part) => part.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.get('t')}.${body}`).digest();
  const given = Buffer.from(parts.get('v1') ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('webhook signature', () => {
  const body = '{"id":"e1","type":"space.created","data":{"title":"Caf\u00e9"}}';

  it('is GitBook\u2019s t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>', () => {
    const expected = createHmac('sha256', 'whsec_test').update(Buffer.from(`1767225600.${body}`, 'utf8')).digest('hex');
    expect(signatureHeader('whsec_test', body, 1767225600)).toBe(`t=1767225600,v1=${expected}`);
  });

  it('verifies with the secret over the exact body, and only so', () => {
    const header = signatureHeader('s3cret', body, 1767225600);
    expect(verifies(header, body, 's3cret')).toBe(true);
    expect(verifies(header, body, 'other')).toBe(false);
    expect(verifies(header, body.replace('Caf\u00e9', 'Cafe'), 's3cret')).toBe(false);
    expect(verifies(header.replace('t=1767225600', 't=1767225601'), body, 's3cret')).toBe(false);
  });
});
