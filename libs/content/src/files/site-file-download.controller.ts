import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Invalid, NotFound } from '@folio/platform/domain/errors';
import { Public } from '@folio/platform/http/public.decorator';
import { CONTENT_OBJECT_STORE, ContentObjectStore } from '@folio/platform/object-store/content-object-store.port';
import { CursorKey, READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { GetPublicSitesOfSpace } from '@folio/publishing/public/public-sites.query';
import { SPACES, SpaceDoc } from '../spaces/space.projection';
import { FILE_OBJECTS, FileObjectDoc } from './file-objects.projection';
import { serveFile } from './serve-file';

/** Spaces holding the same bytes read at a time while looking for one the site shows. */
const SPACES_PER_READ = 100;
/** Content-addressed: the bytes under a URL never change, so whoever fetched them may keep them. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves a file of a published site anyone may read (see FileLinks): `GET /v1/sites/{siteId}/files/{hash}`,
 * with or without the file's name after it. No token and no expiry: the bytes are served while the site is
 * published `public` or `unlisted` and shows a space (not in the bin: the site leaves it out) one of whose
 * main revisions (current or past) held a file stored under `hash`; 404 otherwise (the site unpublished or
 * made private, the space no longer on it or deleted, bytes no published revision held). A hash that is not one (64 hex digits) is a 400.
 */
@Controller('sites/:siteId/files')
export class SiteFileDownloadController {
  constructor(
    private readonly queries: QueryBus,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    @Inject(CONTENT_OBJECT_STORE) private readonly objects: ContentObjectStore,
  ) {}

  @Public()
  @Get(':hash')
  download(@Param('siteId') siteId: string, @Param('hash') hash: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.serve(siteId, hash, request, reply);
  }

  /** The same, the file's name last for whoever saves it (the bytes' name in the space is the one served). */
  @Public()
  @Get(':hash/:name')
  downloadNamed(@Param('siteId') siteId: string, @Param('hash') hash: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.serve(siteId, hash, request, reply);
  }

  private async serve(siteId: string, hash: string, request: FastifyRequest, reply: FastifyReply) {
    if (!/^[0-9a-f]{64}$/.test(hash)) throw new Invalid('hash must be the 64 lowercase hex digits of a stored file');
    const file = await this.publishedFile(siteId, hash);
    if (!file) throw new NotFound('file');
    return serveFile(this.objects, file, IMMUTABLE, request, reply);
  }

  /** A file of main stored under `hash`, in a space the site shows to anyone; null when there is none. */
  private async publishedFile(siteId: string, hash: string): Promise<FileObjectDoc | null> {
    let after: CursorKey | undefined;
    do {
      const page = await this.reads.find<FileObjectDoc>(FILE_OBJECTS, { filter: { object: hash }, limit: SPACES_PER_READ, after });
      for (const file of page.items) {
        if (!(await this.queries.execute(new GetPublicSitesOfSpace(file.spaceId))).includes(siteId)) continue;
        const space = await this.reads.get<SpaceDoc>(SPACES, file.spaceId);
        if (space && !space.deletedAt) return file;
      }
      after = page.next;
    } while (after);
    return null;
  }
}
