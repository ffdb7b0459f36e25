/** Real pictures made in the test, byte by byte: PNGs a browser and the server can decode. */
import { randomBytes } from "node:crypto";
import { deflateSync } from "node:zlib";

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, "ascii"), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

function png(width: number, height: number, row: (y: number) => Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows: Buffer[] = [];
  // Each scanline: the filter byte "none", then the pixels.
  for (let y = 0; y < height; y++) rows.push(Buffer.concat([Buffer.from([0]), row(y)]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A valid 1×1 opaque PNG of one colour. */
export function onePixelPng([r, g, b]: [number, number, number]): Buffer {
  return png(1, 1, () => Buffer.from([r, g, b]));
}

/** A square PNG of random pixels: it does not compress, so its size is what the test asks for. */
export function noisyPng(side: number): Buffer {
  return png(side, side, () => randomBytes(side * 3));
}
