import { Inject, Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { Clock } from '../clock';
import { Sealed } from '../domain/sealed';
import { canonicalJson } from '../object-store/canonical-json';
import { SUBJECT_KEYS, SubjectKeys } from './subject-keys.port';
import { SubjectKeyCache } from './subject-key-cache';

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** HKDF's `info`: the fingerprint key is never the encryption key, and is bound to its use. */
const FINGERPRINT_INFO = 'folio/subject-cipher/fingerprint/v1';

/** A sealed value that does not open under its subject's key: altered, truncated, or moved from another subject. */
export class SealedValueRejected extends Error {
  constructor(readonly subject: string, reason: string) {
    super(`a sealed value of ${subject} does not open: ${reason}`);
    this.name = 'SealedValueRejected';
  }
}

/**
 * Seals personal data under its subject's key (crypto-shredding, see subject-keys.port.ts). AES-256-GCM
 * with a random 96-bit IV per seal (2^-32 collision odds only after 2^32 seals of one subject, which no
 * conversation nears), the subject as additional authenticated data so a value copied under another subject
 * does not open, the value as canonical JSON. `open` answers null only when the subject has no key (erased,
 * or never sealed anything); a value that fails authentication throws, since it is damage or tampering
 * and must not pass for an erasure.
 *
 * `fingerprint` lets equal values be recognised (an ingested conversation sent again) without storing
 * them: HMAC-SHA256 of the canonical JSON under a key derived by HKDF from the subject's, so fingerprints
 * are unlinkable across subjects and die with the key.
 *
 * Keys are cached (see SubjectKeyCache): `erase` evicts locally at once; another process that holds the
 * key may use it for at most the cache's TTL after the erasure. What it seals meanwhile is sealed under a
 * destroyed key, hence unreadable by anyone: the TTL delays nothing the erasure promises about the data.
 */
@Injectable()
export class SubjectCipher {
  private readonly cache: SubjectKeyCache;

  constructor(
    @Inject(SUBJECT_KEYS) private readonly keys: SubjectKeys,
    clock: Clock,
  ) {
    this.cache = new SubjectKeyCache(keys, clock);
  }

  /** Refused (SubjectErased) once the subject has been erased. */
  async seal(subject: string, value: unknown): Promise<Sealed> {
    const plain = canonicalJson(value);
    const { key } = await this.cache.keyFor(subject);
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(subject, 'utf8'));
    const data = Buffer.concat([cipher.update(plain), cipher.final()]);
    return { alg: 'A256GCM', iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
  }

  /** The value sealed, or null once the subject's key is destroyed; throws SealedValueRejected if it does not authenticate. */
  async open<T>(subject: string, sealed: Sealed): Promise<T | null> {
    const { iv, tag, data } = parts(subject, sealed);
    const keyed = await this.cache.find(subject);
    if (!keyed) return null;
    const decipher = createDecipheriv('aes-256-gcm', keyed.key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(subject, 'utf8'));
    decipher.setAuthTag(tag);
    let plain: Buffer;
    try {
      plain = Buffer.concat([decipher.update(data), decipher.final()]);
    } catch {
      throw new SealedValueRejected(subject, 'authentication failed');
    }
    return JSON.parse(plain.toString('utf8')) as T;
  }

  /** A stable, keyed digest of the value (hex), equal for equal values of one subject. Refused once erased. */
  async fingerprint(subject: string, value: unknown): Promise<string> {
    const plain = canonicalJson(value);
    const keyed = await this.cache.keyFor(subject);
    keyed.fingerprintKey ??= Buffer.from(hkdfSync('sha256', keyed.key, Buffer.alloc(0), FINGERPRINT_INFO, 32));
    return createHmac('sha256', keyed.fingerprintKey).update(plain).digest('hex');
  }

  /** Destroys the subject's key (idempotent): everything sealed for it is unreadable from now on. */
  async erase(subject: string): Promise<void> {
    await this.cache.destroy(subject);
  }
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The sealed value's binary parts, its shape checked first: anything else was not written by `seal`. */
function parts(subject: string, sealed: Sealed) {
  const fields = sealed as Partial<Record<keyof Sealed, unknown>> | null;
  if (typeof fields !== 'object' || fields === null || fields.alg !== 'A256GCM') throw new SealedValueRejected(subject, 'not a sealed value');
  const decoded = (name: 'iv' | 'tag' | 'data') => {
    const text = fields[name];
    if (typeof text !== 'string' || text.length % 4 !== 0 || !BASE64.test(text)) throw new SealedValueRejected(subject, `${name} is not base64`);
    return Buffer.from(text, 'base64');
  };
  const [iv, tag, data] = [decoded('iv'), decoded('tag'), decoded('data')];
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SealedValueRejected(subject, 'wrong iv or tag length');
  return { iv, tag, data };
}
