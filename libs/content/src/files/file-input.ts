import { Invalid } from '@folio/platform/domain/errors';
import { ImageDimensions, imageDimensions } from './image-dimensions';
import { normalizeMediaType } from './media-type';
import { decodeStrictBase64 } from './strict-base64';
import { fetchUrl, httpUrl, UrlFetchOptions } from '@folio/platform/fetch/url-fetch';

/** One file of an `insert_files` change (the client spec's ChangeRequestContentChangeInsertFiles item). */
export interface FileInput {
  name: string;
  ref?: string;
  contentType?: string;
  url?: string;
  base64?: string;
}

/** A file ready to be stored: its bytes, and what the tree's FileEntry needs besides. */
export interface FileContent {
  name: string;
  contentType: string;
  bytes: Buffer;
  dimensions?: ImageDimensions;
}

/** 1 MiB: the spec's "max 1MB" for base64, and the cap on a fetched URL's body. */
export const MAX_FILE_BYTES = 1_048_576;
export const MAX_FILE_NAME_LENGTH = 256;
export const MAX_FILE_URL_LENGTH = 2048;

/** How URLs are fetched; the size cap is MAX_FILE_BYTES. */
export type FileFetchOptions = Omit<UrlFetchOptions, 'maxBytes'>;

/** A response or input without a usable media type is stored as what it is known to be: bytes. */
const UNKNOWN_TYPE = 'application/octet-stream';

/**
 * Checks what can be checked without fetching or decoding anything (the name, one source, the URL, the
 * media type), so a batch can refuse a bad file before it spends time fetching the others. Every
 * message names the file. `readFileInput` calls it first.
 */
export function checkFileInput(input: FileInput): void {
  named(input, () => {
    if (input.url !== undefined && input.base64 !== undefined) throw new Invalid('give either url or base64, not both');
    if (input.url === undefined && input.base64 === undefined) throw new Invalid('needs a url or base64 bytes');
    if (input.contentType !== undefined) contentTypeOf(input);
    if (input.url !== undefined) {
      if (typeof input.url !== 'string' || input.url.length > MAX_FILE_URL_LENGTH) {
        throw new Invalid(`url must be a string of at most ${MAX_FILE_URL_LENGTH} characters`);
      }
      httpUrl(input.url);
    } else {
      if (typeof input.base64 !== 'string') throw new Invalid('base64 must be a string');
      if (input.contentType === undefined) throw new Invalid('base64 bytes need a contentType');
    }
  });
}

/**
 * The bytes, media type and (for images) dimensions of one `insert_files` file: base64 decoded
 * strictly, or the URL fetched under `options` (its response's media type used unless the input gives
 * one, which overrides it, as the spec says). At most MAX_FILE_BYTES either way. Refusals are `Invalid`,
 * naming the file.
 */
export async function readFileInput(input: FileInput, options: FileFetchOptions): Promise<FileContent> {
  checkFileInput(input);
  return named(input, async () => {
    const given = input.contentType === undefined ? undefined : contentTypeOf(input);
    let bytes: Buffer;
    let contentType: string;
    if (input.base64 !== undefined) {
      bytes = decodeStrictBase64(input.base64, MAX_FILE_BYTES);
      contentType = given!;
    } else {
      const fetched = await fetchUrl(input.url!, { ...options, maxBytes: MAX_FILE_BYTES });
      bytes = fetched.bytes;
      contentType = given ?? (fetched.contentType && normalizeMediaType(fetched.contentType)) ?? UNKNOWN_TYPE;
    }
    const dimensions = imageDimensions(contentType, bytes);
    return { name: input.name, contentType, bytes, ...(dimensions ? { dimensions } : {}) };
  });
}

function contentTypeOf(input: FileInput): string {
  const type = typeof input.contentType === 'string' ? normalizeMediaType(input.contentType) : null;
  if (!type) throw new Invalid(`contentType ${JSON.stringify(input.contentType)} is not a media type (type/subtype)`);
  return type;
}

/** Runs `work` with the file's name checked, and puts the name in front of whatever it refuses. */
function named<T>(input: FileInput, work: () => T): T {
  const { name } = input;
  if (typeof name !== 'string' || name.length === 0 || [...name].length > MAX_FILE_NAME_LENGTH) {
    throw new Invalid(`a file's name must be 1 to ${MAX_FILE_NAME_LENGTH} characters`);
  }
  // The name goes into Content-Disposition headers and file listings: no line breaks or other controls,
  // and no half of a surrogate pair, which has no UTF-8 form.
  if (/[\u0000-\u001f\u007f]|\p{Cs}/u.test(name)) throw new Invalid(`file ${JSON.stringify(name)}: its name has a control character or a lone surrogate`);
  const prefix = (error: unknown) => (error instanceof Invalid ? new Invalid(`file ${JSON.stringify(name)}: ${error.message}`) : error);
  try {
    const result = work();
    return result instanceof Promise ? (result.catch((error) => Promise.reject(prefix(error))) as T) : result;
  } catch (error) {
    throw prefix(error);
  }
}
