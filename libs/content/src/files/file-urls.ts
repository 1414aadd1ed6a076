import { Inject, Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Clock } from '@folio/platform/clock';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { SECRET } from '@folio/platform/config/secret';
import { Forbidden } from '@folio/platform/domain/errors';

/** How long a download URL works after it was handed out, at least. */
export const DOWNLOAD_URL_VALIDITY_MS = 3_600_000;
/**
 * Expiries are rounded up to a whole step: every link handed out within one step is the same text, so an
 * answer carrying links can be kept for that step (see ReaderAnswers) and browsers cache one URL, not one
 * per second. A link thus works between one hour and one hour and five minutes.
 */
export const DOWNLOAD_URL_EXPIRY_STEP_S = 300;

/** What a download URL names: the stored bytes, and how to serve them. */
export interface DownloadableFile {
  /** Hash of the bytes in the content-object store. */
  object: string;
  name: string;
  contentType: string;
  /** The object is a chunk manifest (see file-bytes.ts): the link says so, under its signature. */
  chunked?: true;
}

export interface SignedDownload extends DownloadableFile {
  /** When the URL stops working, in milliseconds since the epoch. */
  expiresAt: number;
}

const INVALID_LINK = 'This download link is not valid';

/**
 * Signed, expiring download URLs of files: `${PUBLIC_URL}/v1/files/<hash>?name&type&expires&signature`,
 * the signature an HMAC-SHA256 over all four. Whoever holds one may download the file for an hour, with
 * no token (as browsers and `<img>` tags fetch), and nothing else: the name and media type it is served
 * with are signed too, so a link cannot be bent into serving the same bytes as HTML.
 */
@Injectable()
export class FileUrls {
  private readonly key: Buffer;

  constructor(
    @Inject(SECRET) secret: string,
    @Inject(CONFIG) private readonly config: FolioConfig,
    private readonly clock: Clock,
  ) {
    // A key of its own, derived from the server secret: nothing else it signs can pass for a download
    // signature, nor a download signature for anything else.
    this.key = createHmac('sha256', secret).update('folio file download URLs').digest();
  }

  /** The expiry, in seconds since the epoch, of the links handed out now. */
  expiry(): number {
    const earliest = Math.ceil((this.clock.now().getTime() + DOWNLOAD_URL_VALIDITY_MS) / 1000);
    return Math.ceil(earliest / DOWNLOAD_URL_EXPIRY_STEP_S) * DOWNLOAD_URL_EXPIRY_STEP_S;
  }

  /** A signed link to `file`, expiring at `expires` (by default the links handed out now). */
  downloadUrl(file: DownloadableFile, expires = this.expiry()): string {
    const query = new URLSearchParams({
      name: file.name,
      type: file.contentType,
      expires: String(expires),
      ...(file.chunked && { chunked: 'true' }),
      signature: this.sign(file.object, file.name, file.contentType, expires, file.chunked),
    });
    return `${this.config.publicUrl}/v1/files/${file.object}?${query.toString()}`;
  }

  /** The file a download URL names, if we signed it and it has not expired; `Forbidden` otherwise. */
  verify(hash: string, query: Record<string, unknown>): SignedDownload {
    const { name, type, expires, signature, chunked } = query;
    if (typeof name !== 'string' || typeof type !== 'string' || typeof expires !== 'string' || typeof signature !== 'string') {
      throw new Forbidden(`${INVALID_LINK}: it needs one name, type, expires and signature`);
    }
    if (!/^[0-9a-f]{64}$/.test(hash) || !/^\d{1,12}$/.test(expires) || (chunked !== undefined && chunked !== 'true')) throw new Forbidden(INVALID_LINK);
    const expected = Buffer.from(this.sign(hash, name, type, Number(expires), chunked === 'true' || undefined));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Forbidden(`${INVALID_LINK}: its signature does not match`);
    const expiresAt = Number(expires) * 1000;
    if (expiresAt <= this.clock.now().getTime()) throw new Forbidden('This download link has expired: read the file again for a fresh one');
    return { object: hash, name, contentType: type, ...(chunked === 'true' && { chunked: true }), expiresAt };
  }

  private sign(hash: string, name: string, contentType: string, expires: number, chunked?: true): string {
    // A JSON array: no choice of name or type can make two different links sign the same text. A chunked
    // file's link signs one element more, so links made before chunks existed keep their signatures.
    const signed = chunked ? [hash, name, contentType, expires, 'chunked'] : [hash, name, contentType, expires];
    return createHmac('sha256', this.key).update(JSON.stringify(signed)).digest('base64url');
  }
}
