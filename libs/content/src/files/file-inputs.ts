import { Injectable } from '@nestjs/common';
import { UrlFetcher } from '@folio/platform/fetch/url-fetcher';
import { FileContent, FileInput, readFileInput } from './file-input';

/** `readFileInput` under this deployment's fetch policy (FETCH_ALLOW_PRIVATE, FETCH_TIMEOUT_S). */
@Injectable()
export class FileInputs {
  constructor(private readonly fetcher: UrlFetcher) {}

  read(input: FileInput): Promise<FileContent> {
    return readFileInput(input, this.fetcher.policy);
  }
}
