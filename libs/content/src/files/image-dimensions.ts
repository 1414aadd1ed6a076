import { imageSize } from 'image-size';
import { mediaTypeEssence } from './media-type';

export interface ImageDimensions {
  width: number;
  height: number;
}

/**
 * The width and height of an image file, read from its header, or undefined when the media type is not
 * an image or the bytes are not one image-size can read: a file is stored whatever it holds, and only
 * real images get dimensions.
 */
export function imageDimensions(contentType: string, bytes: Uint8Array): ImageDimensions | undefined {
  if (!mediaTypeEssence(contentType).startsWith('image/')) return undefined;
  try {
    const { width, height } = imageSize(bytes);
    return width > 0 && height > 0 ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}
