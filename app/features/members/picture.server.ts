/**
 * Re-encodes an uploaded picture (decision 027): whatever a member sends is decoded, turned upright
 * by its orientation tag, cropped square and written anew as WebP at each size the pages show.
 * Nothing of the original file is kept: sharp writes no metadata unless asked, so the Exif block
 * (the GPS position, the camera's serial, the time), XMP, IPTC and ICC profiles are all dropped.
 */
import { open } from "node:fs/promises";
import sharp, { type OutputInfo } from "sharp";
import { detectImageType } from "./image-type";
import { PICTURE_SIZES, type PictureSize } from "./picture";

export const UNREADABLE = "This picture could not be read. Choose another JPEG, PNG or WebP file.";

export class UnreadablePicture extends Error {
  constructor() {
    super(UNREADABLE);
  }
}

/** The bytes themselves, or a file the upload was streamed to. */
export type PictureInput = Uint8Array | { file: string };

/** A phone's 48-megapixel photo decodes; a "decompression bomb" of billions of pixels does not. */
const MAX_INPUT_PIXELS = 64_000_000;
const LARGEST = Math.max(...PICTURE_SIZES);

async function firstBytes(input: PictureInput): Promise<Uint8Array> {
  if (input instanceof Uint8Array) return input.subarray(0, 16);
  const handle = await open(input.file, "r");
  try {
    const head = new Uint8Array(16);
    const { bytesRead } = await handle.read(head, 0, 16, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export interface RenderedPicture {
  size: PictureSize;
  bytes: Uint8Array;
}

/**
 * Every size of the picture as WebP, or UnreadablePicture. Only JPEG, PNG and WebP are handed to the
 * decoder (judged by the first bytes, so no other of libvips' loaders sees a member's file).
 */
export async function renderPicture(input: PictureInput): Promise<RenderedPicture[]> {
  if (!detectImageType(await firstBytes(input))) throw new UnreadablePicture();
  const source =
    input instanceof Uint8Array ? Buffer.from(input.buffer, input.byteOffset, input.byteLength) : input.file;
  let upright: { data: Buffer; info: OutputInfo };
  try {
    // Decoded once: the orientation tag applied first, then the largest square; the smaller sizes come from it.
    upright = await sharp(source, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(LARGEST, LARGEST, { fit: "cover" })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new UnreadablePicture();
  }
  const { width, height, channels } = upright.info;
  return Promise.all(
    PICTURE_SIZES.map(async (size) => ({
      size,
      bytes: new Uint8Array(
        await sharp(upright.data, { raw: { width, height, channels } })
          .resize(size, size)
          .webp({ quality: 82 })
          .toBuffer(),
      ),
    })),
  );
}
