import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { Invalid } from '@folio/platform/domain/errors';
import { withBodyInTempFile } from '@folio/platform/http/body-in-temp-file';
import { STREAMED_MEDIA_TYPES } from '@folio/platform/http/streamed-body';
import { assertAllowed } from '@folio/identity/public/organization-permissions';
import { ChangeRequestReads } from '../change-requests/change-request.reads';
import { FolderImport } from './folder-import';
import { ImportOptions, ImportSummary } from './folder.port';
import { ZipFolderSource } from './zip/zip-folder-source';
import { zipLimits } from './zip/zip-limits';

/** `POST /spaces/{spaceId}/import`: a zipped Git Sync folder into a change request (merged with `merge`). */
export class ImportZip extends Command<ImportSummary> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    /** The request's body unread; null when it was not sent as a zip (a JSON body, none). */
    readonly body: NodeJS.ReadableStream | null,
    readonly declaredLength: string | undefined,
    readonly opts: Pick<ImportOptions, 'merge' | 'commit'>,
  ) {
    super();
  }
}

/**
 * The caller's right to edit the space is judged before a byte of the body is read (a stranger's 512 MB are
 * never written to disk). The body goes to a temp file (a zip is read from its end, the central directory, so it
 * cannot be read as it streams), is judged whole (every record, then every file unpacked once through its guards)
 * before the import writes anything, and the file is removed whatever happens.
 */
@CommandHandler(ImportZip)
export class ImportZipHandler implements ICommandHandler<ImportZip> {
  constructor(
    private readonly reads: ChangeRequestReads,
    private readonly folders: FolderImport,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, spaceId, body, declaredLength, opts }: ImportZip): Promise<ImportSummary> {
    const { permissions } = await this.reads.space(spaceId, caller);
    assertAllowed(permissions.edit, 'import content into this space');
    if (body === null) throw new Invalid(`The body must be a zip file, sent as ${STREAMED_MEDIA_TYPES.join(' or ')}`);
    const upload = { dir: this.config.tempDir, maxBytes: this.config.importMaxMegabytes * 1024 * 1024, setting: 'IMPORT_MAX_MB' };
    return withBodyInTempFile(body, declaredLength, upload, async (path) => {
      const source = await ZipFolderSource.open(path, zipLimits(this.config));
      try {
        await source.verify();
        return await this.folders.run(caller, spaceId, source, opts);
      } finally {
        source.close();
      }
    });
  }
}
