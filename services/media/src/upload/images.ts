import { fileTypeFromBuffer } from 'file-type/core';
import sharp, { type Metadata, type Sharp } from 'sharp';
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

/** Whether the image holds data that can tell who took it, where and with what, or an orientation still to apply. */
function carriesMetadata(meta: Metadata): boolean {
  return Boolean(
    meta.exif ||
    meta.xmp ||
    meta.iptc ||
    meta.tifftagPhotoshop ||
    meta.comments?.length ||
    (meta.orientation && meta.orientation !== 1),
  );
}

/** Re-encodes in the image's own format, as close to the upload as the format allows. */
function sameFormat(image: Sharp, mimeType: ImageMimeType, meta: Metadata, bytes: Buffer): Sharp {
  switch (mimeType) {
    case 'image/jpeg':
      return image.jpeg({
        quality: 92,
        progressive: meta.isProgressive,
        chromaSubsampling: meta.chromaSubsampling === '4:4:4' ? '4:4:4' : '4:2:0',
      });
    case 'image/png':
      return image.png({ palette: meta.isPalette });
    case 'image/webp':
      // A VP8L chunk means lossless WebP (screenshots, drawings): keep it lossless.
      return image.webp({ quality: 90, lossless: bytes.includes('VP8L') });
    case 'image/gif':
      return image.gif();
    case 'image/avif':
      return image.avif({ quality: 70 });
  }
}

/**
 * The upload as it is served: without EXIF (GPS position, camera, owner), XMP, IPTC or comments, in the same format,
 * with the EXIF orientation applied to the pixels (so it shows upright without it) and its colour profile kept.
 * An image carrying none of that is returned untouched, byte for byte.
 */
export async function withoutMetadata(bytes: Buffer, mimeType: ImageMimeType): Promise<Buffer> {
  const animated = mimeType === 'image/gif' || mimeType === 'image/webp';
  const options = { animated, limitInputPixels: MAX_INPUT_PIXELS };
  try {
    const meta = await sharp(bytes, options).metadata();
    if (!carriesMetadata(meta)) return bytes;
    // sharp writes no metadata unless asked to: only the ICC profile is asked for.
    let image = sharp(bytes, options);
    // Turning an animation's frames a quarter turn is not supported: its orientation tag is dropped with the rest.
    if ((meta.pages ?? 1) === 1) image = image.rotate();
    if (meta.icc) image = image.keepIccProfile();
    return await sameFormat(image, mimeType, meta, bytes).toBuffer();
  } catch {
    throw new ImageDecodeError('The file is not a readable image', 'unreadable');
  }
}
