import { Transform, TransformCallback } from 'node:stream';
import { crc32 } from 'node:zlib';
import { Invalid, TooLarge } from '@folio/platform/domain/errors';

/** What an entry's central directory record claims: the guard holds the unpacked bytes to it. */
export interface EntryClaim {
  path: string;
  size: number;
  crc32: number;
}

/**
 * The unpacked bytes of one zip entry, held to what its record claimed while they stream: one byte more than
 * its size is refused at once (TooLarge: a bomb that lied in its header unpacks no further), fewer bytes or
 * another checksum at the end are a damaged zip (Invalid). Sizes were judged against the limits on the records,
 * so holding every entry to its record holds the whole folder to them.
 */
export class EntryGuard extends Transform {
  private seen = 0;
  private crc = 0;

  constructor(private readonly claim: EntryClaim) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.claim.size) return done(new TooLarge(`The zip entry ${this.claim.path} unpacks to more than the ${this.claim.size} bytes its header says`));
    this.crc = crc32(chunk, this.crc);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    if (this.seen !== this.claim.size) return done(new Invalid(`The zip entry ${this.claim.path} is damaged: it unpacks to ${this.seen} bytes, not the ${this.claim.size} its header says`));
    if (this.crc >>> 0 !== this.claim.crc32 >>> 0) return done(new Invalid(`The zip entry ${this.claim.path} is damaged: its checksum does not match`));
    done();
  }
}
