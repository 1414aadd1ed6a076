import { deflateSync } from 'node:zlib';
import { embeddableImage, MAX_IMAGE_PIXELS } from './embeddable-image';
import { chunk, png } from './pdf-test-images';

describe('embeddableImage', () => {
  it('takes well-formed PNGs, with transparency or without, interlaced or not, and JPEGs', () => {
    expect(embeddableImage(png({ colorType: 2 }))).toBe('png');
    expect(embeddableImage(png({ colorType: 6 }))).toBe('png');
    expect(embeddableImage(png({ width: 1, height: 1, colorType: 6, interlace: 1 }))).toBe('png');
    expect(embeddableImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
  });

  it('refuses what is no image, and PNGs whose chunks run backwards or past the end', () => {
    expect(embeddableImage(Buffer.from('<svg/>'))).toBeNull();
    const backwards = png({ chunks: [chunk('IDAT', deflateSync(Buffer.alloc(18)), -12)] });
    expect(embeddableImage(backwards)).toBeNull();
    expect(embeddableImage(png().subarray(0, 40))).toBeNull();
  });

  it('refuses PNGs pdfkit would decode in a callback and fail on: corrupt data, a bad filter byte, missing rows, too many pixels', () => {
    expect(embeddableImage(png({ chunks: [chunk('IDAT', Buffer.from('not zlib at all'))] }))).toBeNull();
    const row = Buffer.concat([Buffer.from([9]), Buffer.alloc(8)]);
    expect(embeddableImage(png({ rows: Buffer.concat([row, row]) }))).toBeNull();
    expect(embeddableImage(png({ rows: Buffer.concat([Buffer.from([0]), Buffer.alloc(8)]) }))).toBeNull();
    expect(embeddableImage(png({ width: MAX_IMAGE_PIXELS, height: 2, rows: Buffer.alloc(0) }))).toBeNull();
  });
});
