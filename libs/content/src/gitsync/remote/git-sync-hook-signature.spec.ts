import { createHmac } from 'node:crypto';
import { hubSignature, signedBy } from './git-sync-hook-signature';

const secret = 'Xk3v9Qm2bT7rLw0pZs5yHd8nFc1aJe4uGi6oKq2tVxY';
const body = Buffer.from('{"ref":"refs/heads/main","after":"' + 'a'.repeat(40) + '"}');

describe('push webhook signatures', () => {
  describe('github (GitHub, Gitea, Forgejo): X-Hub-Signature-256 over the raw body', () => {
    it('is GitHub’s documented HMAC-SHA256 of the raw bytes, in hex after sha256=', () => {
      // GitHub's own example: secret "It's a Secret to Everybody", payload "Hello, World!".
      expect(hubSignature("It's a Secret to Everybody", Buffer.from('Hello, World!'))).toBe('sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17');
    });

    it('accepts the signature of these very bytes', () => {
      expect(signedBy('github', secret, { 'x-hub-signature-256': hubSignature(secret, body) }, body)).toBe(true);
    });

    it('refuses another secret’s signature, a signature of other bytes, and the same JSON written otherwise', () => {
      expect(signedBy('github', secret, { 'x-hub-signature-256': hubSignature('another secret', body) }, body)).toBe(false);
      const spaced = Buffer.from(JSON.stringify(JSON.parse(body.toString()), null, 1));
      expect(signedBy('github', secret, { 'x-hub-signature-256': hubSignature(secret, spaced) }, body)).toBe(false);
    });

    it('refuses a missing header, a header sent twice, and signatures of another length or form without throwing', () => {
      const valid = hubSignature(secret, body);
      expect(signedBy('github', secret, {}, body)).toBe(false);
      expect(signedBy('github', secret, { 'x-hub-signature-256': [valid, valid] }, body)).toBe(false);
      for (const given of ['', 'sha256=', valid.slice(0, -1), `${valid}0`, valid.replace('sha256=', ''), valid.replace('sha256=', 'sha1='), valid.toUpperCase()]) {
        expect(signedBy('github', secret, { 'x-hub-signature-256': given }, body)).toBe(false);
      }
    });

    it('does not take the GitLab token in its place', () => {
      expect(signedBy('github', secret, { 'x-gitlab-token': secret }, body)).toBe(false);
    });
  });

  describe('gitlab: X-Gitlab-Token is the secret itself', () => {
    it('accepts the secret, whatever the body', () => {
      expect(signedBy('gitlab', secret, { 'x-gitlab-token': secret }, body)).toBe(true);
      expect(signedBy('gitlab', secret, { 'x-gitlab-token': secret }, Buffer.alloc(0))).toBe(true);
    });

    it('refuses another token, a prefix or extension of it, a missing or repeated header, and a GitHub signature', () => {
      for (const given of ['', 'wrong', secret.slice(0, -1), `${secret}x`, ` ${secret}`]) expect(signedBy('gitlab', secret, { 'x-gitlab-token': given }, body)).toBe(false);
      expect(signedBy('gitlab', secret, {}, body)).toBe(false);
      expect(signedBy('gitlab', secret, { 'x-gitlab-token': [secret, secret] }, body)).toBe(false);
      expect(signedBy('gitlab', secret, { 'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}` }, body)).toBe(false);
    });
  });
});
