import { Logger } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Readable } from 'node:stream';
import { Caller } from '@folio/platform/auth/caller';
import { FolderExport } from './folder-export';
import { ZipFolderSink } from './zip/zip-folder-sink';

/** A zip being written: its bytes, and how to stop writing it when nobody reads them any more. */
export interface ZipExport {
  output: Readable;
  abort(reason: Error): void;
}

/** `GET /spaces/{spaceId}/export`: main's content (or a revision's) as a zipped Git Sync folder. */
export class ExportZip extends Query<ZipExport> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly revision: string | undefined,
  ) {
    super();
  }
}

/**
 * Answers once the export has written its first file, so what is refused before that (a space the caller may
 * not see, an unknown revision) is an error answer, not a broken zip. From then on the zip streams: an export
 * that fails midway is logged and the zip cut short (its central directory never comes, so no unzip takes it
 * for whole).
 */
@QueryHandler(ExportZip)
export class ExportZipHandler implements IQueryHandler<ExportZip> {
  private readonly logger = new Logger('ExportZip');

  constructor(private readonly folders: FolderExport) {}

  async execute({ caller, spaceId, revision }: ExportZip): Promise<ZipExport> {
    const sink = new ZipFolderSink();
    const done = this.folders.run(caller, spaceId, sink, revision === undefined ? {} : { revision });
    done.then(
      () => sink.end(),
      (error: Error) => {
        // Refused before the first file: the caller gets the error answer, nothing to log.
        if (sink.writing) this.logger.warn(`The export of space ${spaceId} stopped midway: ${error.message}`);
        sink.abort(error);
      },
    );
    await Promise.race([sink.started, done]);
    return { output: sink.output, abort: (reason) => sink.abort(reason) };
  }
}
