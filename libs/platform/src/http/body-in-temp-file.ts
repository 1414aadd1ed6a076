import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, TransformCallback } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { TooLarge } from '../domain/errors';
import { mib } from '../object-store/content-object-store.port';

/** Where an upload is written, its limit, and the setting that raises it (named in the 413). */
export interface UploadPlace {
  dir: string;
  maxBytes: number;
  setting: string;
}

/**
 * Writes a streamed body to a file of its own (in a fresh directory under `dir`, the config's TMPDIR) and
 * runs `use` on it, then removes it whatever happened: `use` answered or failed, the body was refused, or the
 * client went away mid-upload (the stream ends early and the pipeline fails). The body never sits whole in
 * memory; a declared length over the limit is refused before a byte is read, and the bytes are counted as
 * they arrive (a body without a length, or one longer than it said, stops at the limit). After a refusal the
 * rest of the body is left unread: answer with `Connection: close`, so the server does not read it to the end.
 */
export async function withBodyInTempFile<T>(
  body: NodeJS.ReadableStream,
  declaredLength: string | undefined,
  limit: UploadPlace,
  use: (path: string) => Promise<T>,
): Promise<T> {
  const tooLarge = () => new TooLarge(`The upload is more than the ${mib(limit.maxBytes)} ${limit.setting} allows`);
  if (declaredLength !== undefined && Number(declaredLength) > limit.maxBytes) throw tooLarge();
  const dir = await mkdtemp(join(limit.dir, 'folio-upload-'));
  try {
    const path = join(dir, 'body');
    let seen = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
        seen += chunk.length;
        done(seen > limit.maxBytes ? tooLarge() : null, chunk);
      },
    });
    // Not pipeline(body, …): a refusal would destroy the request, and with it the socket the 413 goes out on.
    // A body that ends early (the client went away) fails the copy instead.
    void finished(body).catch((error: Error) => counted.destroy(error));
    body.pipe(counted);
    await pipeline(counted, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
    return await use(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
