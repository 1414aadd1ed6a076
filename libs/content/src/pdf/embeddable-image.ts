import { inflateSync } from 'node:zlib';

/** Bigger images are captioned, not embedded: decoding one with transparency allocates 4 bytes a pixel. */
export const MAX_IMAGE_PIXELS = 16_000_000;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Bit depths PNG allows for each color type, and that type's samples per pixel. */
const PNG_TYPES: Record<number, { depths: number[]; channels: number }> = {
  0: { depths: [1, 2, 4, 8, 16], channels: 1 },
  2: { depths: [8, 16], channels: 3 },
  3: { depths: [1, 2, 4, 8], channels: 1 },
  4: { depths: [8, 16], channels: 2 },
  6: { depths: [8, 16], channels: 4 },
};
/** Adam7's passes: first column and row, then the steps between them. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

/**
 * Whether pdfkit may be handed these bytes as an image: a JPEG (pdfkit embeds it as it is, reading only
 * its markers, synchronously: an error there is caught by the caller), or a PNG checked here first.
 *
 * The check is not pedantry. pdfkit's PNG reader (png-js) trusts the file: a negative chunk length sends
 * its chunk loop backwards forever, and the images it decodes (with transparency, or interlaced) are
 * inflated in a zlib callback where any error (corrupt data, a bad filter byte, a huge size) is thrown out
 * of the request into the process. So a PNG is embedded only when its chunks are well formed, its header
 * sane and, when png-js will decode it, its pixel data inflates to exactly what png-js will read, with a
 * valid filter byte on every row it reads.
 */
export function embeddableImage(bytes: Buffer): 'png' | 'jpeg' | null {
  if (bytes.length > 2 && bytes[0] === 0xff && bytes[1] === 0xd8) return 'jpeg';
  return isSafePng(bytes) ? 'png' : null;
}

function isSafePng(bytes: Buffer): boolean {
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let pos = 8;
  let header: { width: number; height: number; depth: number; colorType: number; interlaced: boolean } | undefined;
  let indexedTransparency = false;
  const data: Buffer[] = [];
  for (;;) {
    if (pos + 12 > bytes.length) return false;
    const length = bytes.readUInt32BE(pos);
    const type = bytes.toString('latin1', pos + 4, pos + 8);
    const body = pos + 8;
    if (length > 0x7fffffff || body + length + 4 > bytes.length) return false;
    if (!header && type !== 'IHDR') return false;
    if (type === 'IHDR') {
      if (header || length !== 13) return false;
      header = {
        width: bytes.readUInt32BE(body),
        height: bytes.readUInt32BE(body + 4),
        depth: bytes[body + 8],
        colorType: bytes[body + 9],
        interlaced: bytes[body + 12] === 1,
      };
      const kind = PNG_TYPES[header.colorType];
      if (!kind || !kind.depths.includes(header.depth) || bytes[body + 10] !== 0 || bytes[body + 11] !== 0 || bytes[body + 12] > 1) return false;
      if (header.width < 1 || header.height < 1 || header.width * header.height > MAX_IMAGE_PIXELS) return false;
    }
    if (type === 'IDAT') data.push(bytes.subarray(body, body + length));
    if (type === 'tRNS' && header?.colorType === 3) indexedTransparency = true;
    if (type === 'IEND') break;
    pos = body + length + 4;
  }
  if (!header || data.length === 0) return false;
  const decoded = header.colorType === 4 || header.colorType === 6 || indexedTransparency || header.interlaced;
  return !decoded || decodesAsPngJsReadsIt(Buffer.concat(data), header);
}

/**
 * The pixel data inflates to exactly the size the PNG's header implies (empty Adam7 passes hold no bytes),
 * and png-js's decoding loop, replayed reading only, finds a valid filter byte wherever it reads one. (It
 * also reads rows for passes that have no columns, so a small interlaced image can lead it astray.)
 */
function decodesAsPngJsReadsIt(compressed: Buffer, png: { width: number; height: number; depth: number; colorType: number; interlaced: boolean }): boolean {
  const pixelBytes = (png.depth * PNG_TYPES[png.colorType].channels) / 8;
  const passes = (png.interlaced ? ADAM7 : [[0, 0, 1, 1]]).map(([x0, y0, dx, dy]) => ({
    width: Math.ceil((png.width - x0) / dx),
    height: Math.ceil((png.height - y0) / dy),
  }));
  const rowBytes = (width: number) => Math.max(0, Math.ceil(pixelBytes * width));
  const expected = passes.reduce((sum, pass) => (pass.width > 0 && pass.height > 0 ? sum + pass.height * (1 + rowBytes(pass.width)) : sum), 0);
  let inflated: Buffer;
  try {
    inflated = inflateSync(compressed, { maxOutputLength: expected + 1 });
  } catch {
    return false;
  }
  if (inflated.length !== expected) return false;
  let pos = 0;
  for (const pass of passes) {
    for (let row = 0; row < pass.height && pos < inflated.length; row++) {
      if (inflated[pos++] > 4) return false;
      pos += rowBytes(pass.width);
    }
  }
  return true;
}
