import { imageDimensions } from './image-dimensions';

/** The smallest GIF header image-size reads: signature, then width and height as little-endian 16-bit. */
function gif(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(32);
  bytes.write('GIF89a', 0, 'latin1');
  bytes.writeUInt16LE(width, 6);
  bytes.writeUInt16LE(height, 8);
  return bytes;
}

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('imageDimensions', () => {
  it('reads the width and height of images', () => {
    expect(imageDimensions('image/gif', gif(640, 480))).toEqual({ width: 640, height: 480 });
    expect(imageDimensions('image/png', PNG)).toEqual({ width: 1, height: 1 });
    expect(imageDimensions('IMAGE/PNG; x=y', PNG)).toEqual({ width: 1, height: 1 });
  });

  it('gives none for a file that is not an image, whatever its bytes', () => {
    expect(imageDimensions('application/octet-stream', PNG)).toBeUndefined();
  });

  it('gives none for an image type whose bytes are no image it can read', () => {
    expect(imageDimensions('image/png', Buffer.from('not a picture'))).toBeUndefined();
    expect(imageDimensions('image/png', Buffer.alloc(0))).toBeUndefined();
  });
});
