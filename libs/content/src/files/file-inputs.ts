import { Inject, Injectable } from '@nestjs/common';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { anyAddress, publicAddressesOnly } from './address-policy';
import { FileContent, FileFetchOptions, FileInput, readFileInput } from './file-input';

/** How long fetching one file by URL may take, redirects and body included. */
export const FETCH_TIMEOUT_MS = 10_000;

/** `readFileInput` under this deployment's fetch policy (FETCH_ALLOW_PRIVATE). */
@Injectable()
export class FileInputs {
  private readonly options: FileFetchOptions;

  constructor(@Inject(CONFIG) config: FolioConfig) {
    this.options = { allowAddress: config.fetchAllowPrivate ? anyAddress : publicAddressesOnly, timeoutMs: FETCH_TIMEOUT_MS };
  }

  read(input: FileInput): Promise<FileContent> {
    return readFileInput(input, this.options);
  }
}
