import { Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { StreamedBody } from '@folio/platform/http/streamed-body';
import { ExportZip } from './export-zip.query';
import { commitOf, ExportZipQuery, ImportZipQuery } from './folder-zip.dto';
import { ImportZip } from './import-zip.command';

/**
 * A space in and out as a zipped Git Sync folder: Folio's own routes, not in the client's spec (the CLI's
 * `import space` and `export space` over HTTP).
 */
@Controller('spaces/:spaceId')
export class FolderZipController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** 201: the import made a change request (its URL in `Location`), merged or not. */
  @Post('import')
  @HttpCode(201)
  @StreamedBody()
  async import(@CallerParam() caller: Caller, @Param('spaceId') spaceId: string, @Query() query: ImportZipQuery, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const body = request.body instanceof Readable ? request.body : null;
    try {
      const summary = await this.commands.execute(new ImportZip(caller, spaceId, body, request.headers['content-length'], { merge: query.merge ?? false, commit: commitOf(query) }));
      void reply.header('location', summary.changeRequest.url);
      return summary;
    } catch (error) {
      // A refusal may come before the body was read to its end: the rest is not read, the connection closes.
      void reply.header('connection', 'close');
      throw error;
    }
  }

  @Get('export')
  async export(@CallerParam() caller: Caller, @Param('spaceId') spaceId: string, @Query() query: ExportZipQuery, @Res() reply: FastifyReply) {
    const zip = await this.queries.execute(new ExportZip(caller, spaceId, query.revision));
    // A client that goes away stops the export, which would otherwise wait on a zip nobody reads.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) zip.abort(new Error('the client went away'));
    });
    return reply
      .status(200)
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="space-${spaceId}.zip"`)
      .send(zip.output);
  }
}
