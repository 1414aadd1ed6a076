import { Module } from '@nestjs/common';
import { CONFIG } from '@folio/platform/config/config.token';
import { loadSecret, SECRET } from '@folio/platform/config/secret';
import { FileDownloadController } from './file-download.controller';
import { FileInputs } from './file-inputs';
import { FileLinks } from './file-links';
import { FileUrls } from './file-urls';
import { SiteFileDownloadController } from './site-file-download.controller';

/**
 * Files in (FileInputs: base64 or a fetched URL) and out (FileLinks: a published site's content-addressed
 * URLs or FileUrls' signed ones, and the routes serving them). It loads the server secret the URLs are signed with, so, like the identity
 * routes, it belongs to the API only: import it from HTTP modules, never from one the projector or the
 * CLI loads, or they would need FOLIO_SECRET in distributed mode.
 */
@Module({
  controllers: [FileDownloadController, SiteFileDownloadController],
  providers: [FileInputs, FileUrls, FileLinks, { provide: SECRET, inject: [CONFIG], useFactory: loadSecret }],
  exports: [FileInputs, FileUrls, FileLinks],
})
export class FilesModule {}
