import { FastifyReply, FastifyRequest } from 'fastify';
import { NotFound } from '@folio/platform/domain/errors';
import { ifNoneMatch } from '@folio/platform/http/conditional-get';
import { errorBody } from '@folio/platform/http/error-body';
import { ContentObjectStore } from '@folio/platform/object-store/content-object-store.port';
import { byteRange } from './byte-range';
import { inlineDisposition } from './content-disposition';
import { fileBytes } from './file-bytes';
import { DownloadableFile } from './file-urls';

/**
 * Sends a stored file's bytes, as every download route does. Content-addressed bytes never change, so the
 * hash is a strong ETag and ranges of it are stable. The file is served inline with the media type it was
 * stored with, in a sandbox: an uploaded HTML or SVG file runs no script on Folio's origin.
 * `cacheControl` is the route's: how long the permission to read it lasts.
 */
export async function serveFile(objects: ContentObjectStore, file: DownloadableFile, cacheControl: string, request: FastifyRequest, reply: FastifyReply) {
  const etag = `"${file.object}"`;
  void reply.header('etag', etag).header('cache-control', cacheControl);
  const condition = request.headers['if-none-match'];
  if (condition !== undefined && ifNoneMatch(condition, etag)) return reply.status(304).send();

  // A large file is chunks: its bytes stream from the store one chunk at a time, never whole in memory.
  const bytes = await fileBytes(objects, file);
  if (!bytes) throw new NotFound(`file ${file.object}`);
  void reply
    .header('accept-ranges', 'bytes')
    .header('content-disposition', inlineDisposition(file.name))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox");

  // If-Range names the version the client holds part of: for any other (or a date: no Last-Modified
  // here), it gets the whole file rather than a piece of something else.
  const ifRange = request.headers['if-range'];
  const range = ifRange === undefined || (typeof ifRange === 'string' && ifRange.trim() === etag) ? byteRange(request.headers.range, bytes.size) : ({ kind: 'full' } as const);
  if (range.kind === 'unsatisfiable') {
    return reply
      .status(416)
      .header('content-range', `bytes */${bytes.size}`)
      .header('content-type', 'application/json; charset=utf-8')
      .send(errorBody(416, `Range ${request.headers.range} is outside the file's ${bytes.size} bytes`));
  }
  void reply.header('content-type', file.contentType);
  if (range.kind === 'full') return reply.status(200).header('content-length', bytes.size).send(bytes.stream());
  return reply
    .status(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${bytes.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(bytes.stream(range));
}
