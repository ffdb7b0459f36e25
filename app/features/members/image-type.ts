/** Avatars: what is accepted, judged by the bytes themselves rather than the name or the browser's word. */
export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;
export type ImageType = "image/jpeg" | "image/png" | "image/webp";

export function detectImageType(bytes: Uint8Array): ImageType | null {
  const at = (i: number) => bytes[i];
  if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return "image/jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => at(i) === b)) return "image/png";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  return null;
}

let crcTable: Uint32Array | undefined;
function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const u32 = (b: Uint8Array, i: number) => ((b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]) >>> 0;
const u16 = (b: Uint8Array, i: number) => (b[i] << 8) | b[i + 1];
const le16 = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8);
const le24 = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8) | (b[i + 2] << 16);
const le32 = (b: Uint8Array, i: number) => (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)) >>> 0;
const tag = (b: Uint8Array, i: number) => String.fromCharCode(...b.subarray(i, i + 4));

export interface ImageSize {
  width: number;
  height: number;
}

/** PNG: every chunk inside the file with a correct checksum, IHDR first with a size, image data, IEND last. */
function pngSize(b: Uint8Array): ImageSize | null {
  let at = 8;
  let size: ImageSize | null = null;
  let sawData = false;
  while (at + 12 <= b.length) {
    const length = u32(b, at);
    const type = tag(b, at + 4);
    const end = at + 12 + length;
    if (end > b.length || crc32(b.subarray(at + 4, at + 8 + length)) !== u32(b, at + 8 + length)) return null;
    if (at === 8) {
      if (type !== "IHDR" || length !== 13) return null;
      size = { width: u32(b, at + 8), height: u32(b, at + 12) };
    }
    if (type === "IDAT") sawData = true;
    if (type === "IEND") return size && sawData && size.width > 0 && size.height > 0 ? size : null;
    at = end;
  }
  return null;
}

/** JPEG: well-formed segments up to the scan, with a frame header that gives the size. */
function jpegSize(b: Uint8Array): ImageSize | null {
  let at = 2;
  let size: ImageSize | null = null;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1];
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = u16(b, at + 2);
    if (length < 2 || at + 2 + length > b.length) return null;
    const frame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (frame && length >= 7) size = { height: u16(b, at + 5), width: u16(b, at + 7) };
    if (marker === 0xda) return size && size.width > 0 && size.height > 0 && b.length > at + 2 + length ? size : null;
    at += 2 + length;
  }
  return null;
}

/** WebP: a RIFF file whose stated length fits, holding a VP8, VP8L or VP8X chunk with a size. */
function webpSize(b: Uint8Array): ImageSize | null {
  if (b.length < 30 || le32(b, 4) + 8 > b.length) return null;
  const chunk = tag(b, 12);
  const body = 20;
  if (chunk === "VP8 " && b[body + 3] === 0x9d && b[body + 4] === 0x01 && b[body + 5] === 0x2a) {
    return { width: le16(b, body + 6) & 0x3fff, height: le16(b, body + 8) & 0x3fff };
  }
  if (chunk === "VP8L" && b[body] === 0x2f) {
    const bits = le32(b, body + 1);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") return { width: le24(b, body + 4) + 1, height: le24(b, body + 7) + 1 };
  return null;
}

/**
 * The picture's size when its structure reads as a real image of the detected type, else null:
 * a file that merely starts with a PNG signature (8 bytes and nothing else) is refused.
 */
export function readImageSize(bytes: Uint8Array, type: ImageType): ImageSize | null {
  const size = type === "image/png" ? pngSize(bytes) : type === "image/jpeg" ? jpegSize(bytes) : webpSize(bytes);
  return size && size.width > 0 && size.height > 0 ? size : null;
}
