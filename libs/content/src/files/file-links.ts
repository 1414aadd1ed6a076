import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { GetPublicSitesOfSpace } from '@folio/publishing/public/public-sites.query';
import { FileEntry } from '@folio/kernel/tree/tree.model';
import { FileUrls } from './file-urls';

/**
 * The form of the download URLs of one read's files: under a published site anyone may read
 * (content-addressed, kept forever by whoever caches the answer), or signed and expiring at `expires`.
 */
export type FileLinkForm = { kind: 'site'; siteId: string } | { kind: 'signed'; expires: number };

/** What in the form changes the URLs: part of the key of an answer kept with them in it. */
export const fileLinkKey = (form: FileLinkForm) => (form.kind === 'site' ? `site:${form.siteId}` : `signed:${form.expires}`);

/** The content a read's files come from: whose space, and whether it is one of main's revisions. */
export interface FileSource {
  spaceId: string;
  onMain: boolean;
}

/**
 * The rule for file URLs. A renderer keeps a published revision without expiry, so a file of one of main's
 * revisions of a space that a published `public` or `unlisted` site shows gets
 * `${PUBLIC_URL}/v1/sites/<siteId>/files/<hash>/<name>` (the oldest such site when several show it), which
 * works while the site shows the space and main held the file (SiteFileDownloadController). Anything else
 * (private spaces, share-link and visitor-auth sites, a change request's content, whose files are not
 * published) keeps the signed, expiring links. The same for every caller: the answer can be kept.
 */
@Injectable()
export class FileLinks {
  constructor(
    private readonly urls: FileUrls,
    private readonly queries: QueryBus,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async formFor(source: FileSource): Promise<FileLinkForm> {
    if (source.onMain) {
      const [siteId] = await this.queries.execute(new GetPublicSitesOfSpace(source.spaceId));
      if (siteId !== undefined) return { kind: 'site', siteId };
    }
    return { kind: 'signed', expires: this.urls.expiry() };
  }

  url(form: FileLinkForm, file: Pick<FileEntry, 'object' | 'name' | 'contentType' | 'chunked'>): string {
    if (form.kind === 'signed') return this.urls.downloadUrl(file, form.expires);
    // The name is for whoever saves the file; the route serves the name main gave the bytes.
    return `${this.config.publicUrl}/v1/sites/${form.siteId}/files/${file.object}/${encodeURIComponent(file.name)}`;
  }
}
