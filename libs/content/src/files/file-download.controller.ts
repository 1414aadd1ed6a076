import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Clock } from '@folio/platform/clock';
import { Public } from '@folio/platform/http/public.decorator';
import { CONTENT_OBJECT_STORE, ContentObjectStore } from '@folio/platform/object-store/content-object-store.port';
import { FileUrls } from './file-urls';
import { serveFile } from './serve-file';

/** Serves the bytes behind a signed download URL (see FileUrls). No token: the signature is the permission. */
@Controller('files')
export class FileDownloadController {
  constructor(
    private readonly urls: FileUrls,
    @Inject(CONTENT_OBJECT_STORE) private readonly objects: ContentObjectStore,
    private readonly clock: Clock,
  ) {}

  @Public()
  @Get(':hash')
  async download(@Param('hash') hash: string, @Query() query: Record<string, unknown>, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const file = this.urls.verify(hash, query);
    const maxAge = Math.max(0, Math.floor((file.expiresAt - this.clock.now().getTime()) / 1000));
    // The link's validity bounds the cache's: a cached copy is never served after the link expired.
    return serveFile(this.objects, file, `private, max-age=${maxAge}`, request, reply);
  }
}
