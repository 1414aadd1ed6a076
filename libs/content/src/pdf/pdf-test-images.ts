import { deflateSync } from 'node:zlib';

/**
 * PNG files built byte by byte for tests: valid ones, and ones broken in the ways that crash or hang pdfkit's
 * PNG reader. CRCs are left zero (neither pdfkit nor Folio's check reads them).
 */
export function png(options: { width?: number; height?: number; colorType?: number; interlace?: number; rows?: Buffer; chunks?: Buffer[] } = {}): Buffer {
  const { width = 2, height = 2, colorType = 6, interlace = 0 } = options;
  const channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[colorType as 0 | 2 | 4 | 6] ?? 1;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * channels, 0x80)]);
  const rows = options.rows ?? Buffer.concat(Array.from({ length: height }, () => row));
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, colorType, 0, 0, interlace], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...(options.chunks ?? [chunk('IDAT', deflateSync(rows))]),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function chunk(type: string, body: Buffer, length = body.length): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(length >>> 0, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body, Buffer.alloc(4)]);
}
