import { fileTypeFromBuffer } from 'file-type/core';
import sharp, { type Metadata } from 'sharp';
import { imageMimeTypes, type ImageMimeType } from '@12yards/api';

/** The widths of the WebP variants stored beside every upload (?w=480, ?w=1600). */
export const VARIANT_WIDTHS = [480, 1600] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];

/** Decoding a bigger image would take hundreds of MB of memory (a small PNG can claim huge dimensions). */
export const MAX_INPUT_PIXELS = 50_000_000;

export interface SniffedImage {
  mimeType: ImageMimeType;
  /** The extension the content implies (never the client's). */
  ext: string;
}

/** What the bytes are, by their content; null for anything that is not one of the accepted image types. */
export async function sniffImage(bytes: Buffer): Promise<SniffedImage | null> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(imageMimeTypes as readonly string[]).includes(type.mime)) return null;
  return { mimeType: type.mime as ImageMimeType, ext: type.ext };
}

export class ImageDecodeError extends Error {
  constructor(
    message: string,
    readonly reason: 'unreadable' | 'too_many_pixels',
  ) {
    super(message);
    this.name = 'ImageDecodeError';
  }
}

export interface Variant {
  width: VariantWidth;
  bytes: Buffer;
  /** Width of the variant's pixels: at most `width`, smaller when the original was narrower (never enlarged). */
  actualWidth: number;
}

/** WebP renderings of the image, at most 480 and 1600 px wide, auto-rotated, without metadata. */
export async function makeVariants(bytes: Buffer, mimeType: ImageMimeType): Promise<Variant[]> {
  const animated = mimeType === 'image/gif' || mimeType === 'image/webp';
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageDecodeError('The file is not a readable image', 'unreadable');
  }
  const frames = animated ? (meta.pages ?? 1) : 1;
  const pixels = (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) * frames;
  if (pixels > MAX_INPUT_PIXELS) {
    throw new ImageDecodeError(`The image has more than ${MAX_INPUT_PIXELS} pixels`, 'too_many_pixels');
  }
  try {
    return await Promise.all(
      VARIANT_WIDTHS.map(async (width) => {
        const { data, info } = await sharp(bytes, { animated, limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true });
        return { width, bytes: data, actualWidth: info.width };
      }),
    );
  } catch {
    throw new ImageDecodeError('The file is not a readable image', 'unreadable');
  }
}
