import { Module } from '@nestjs/common';
import { CONFIG } from '@folio/platform/config/config.token';
import { loadSecret, SECRET } from '@folio/platform/config/secret';
import { FileDownloadController } from './file-download.controller';
import { FileInputs } from './file-inputs';
import { FileUrls } from './file-urls';

/**
 * Files in (FileInputs: base64 or a fetched URL) and out (FileUrls: signed download URLs, and the
 * route serving them). It loads the server secret the URLs are signed with, so, like the identity
 * routes, it belongs to the API only: import it from HTTP modules, never from one the projector or the
 * CLI loads, or they would need FOLIO_SECRET in distributed mode.
 */
@Module({
  controllers: [FileDownloadController],
  providers: [FileInputs, FileUrls, { provide: SECRET, inject: [CONFIG], useFactory: loadSecret }],
  exports: [FileInputs, FileUrls],
})
export class FilesModule {}
