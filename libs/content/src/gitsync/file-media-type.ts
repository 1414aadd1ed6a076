/**
 * The media type of a folder file, from its extension (a folder has no headers): the kinds of files
 * documentation holds; anything else is bytes.
 */
const BY_EXTENSION = new Map<string, string>([
  ['png', 'image/png'],
  ['jpg', 'image/jpeg'],
  ['jpeg', 'image/jpeg'],
  ['gif', 'image/gif'],
  ['webp', 'image/webp'],
  ['avif', 'image/avif'],
  ['svg', 'image/svg+xml'],
  ['ico', 'image/x-icon'],
  ['bmp', 'image/bmp'],
  ['pdf', 'application/pdf'],
  ['zip', 'application/zip'],
  ['json', 'application/json'],
  ['yaml', 'application/yaml'],
  ['yml', 'application/yaml'],
  ['csv', 'text/csv'],
  ['txt', 'text/plain'],
  ['mp4', 'video/mp4'],
  ['webm', 'video/webm'],
  ['mov', 'video/quicktime'],
  ['mp3', 'audio/mpeg'],
  ['wav', 'audio/wav'],
]);

const BYTES = 'application/octet-stream';

export function mediaTypeOfPath(path: string): string {
  const dot = path.lastIndexOf('.');
  return (dot < 0 ? undefined : BY_EXTENSION.get(path.slice(dot + 1).toLowerCase())) ?? BYTES;
}

/** A file outside `.gitbook/assets/` is content only when it is of a kind pages show (not a build script). */
export function isContentFile(path: string): boolean {
  return mediaTypeOfPath(path) !== BYTES;
}
