import { describe, expect, it } from 'vitest';
import { stripImageMetadata } from './imageMetadata.ts';

const ascii = (s: string) => Buffer.from(s, 'latin1');

/** A PNG chunk; the CRC is not checked by the stripper, so zeros stand in for it. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  return Buffer.concat([length, ascii(type), data, Buffer.alloc(4)]);
}
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function jpegSegment(marker: number, data: Buffer): Buffer {
  const length = Buffer.alloc(2);
  length.writeUInt16BE(data.length + 2);
  return Buffer.concat([Buffer.from([0xff, marker]), length, data]);
}

function webpChunk(fourcc: string, data: Buffer): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt32LE(data.length);
  return Buffer.concat([ascii(fourcc), size, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}
function webp(chunks: Buffer[]): Buffer {
  const body = Buffer.concat(chunks);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length + 4);
  return Buffer.concat([ascii('RIFF'), size, ascii('WEBP'), body]);
}

describe('stripImageMetadata', () => {
  it('keeps a PNG’s drawing chunks and drops its text, EXIF and time chunks', () => {
    const ihdr = pngChunk('IHDR', Buffer.alloc(13, 1));
    const srgb = pngChunk('sRGB', Buffer.from([0]));
    const idat = pngChunk('IDAT', Buffer.from([1, 2, 3]));
    const iend = pngChunk('IEND', Buffer.alloc(0));
    const png = Buffer.concat([
      PNG_SIGNATURE,
      ihdr,
      pngChunk('tEXt', ascii('Author\0Ada')),
      srgb,
      pngChunk('eXIf', ascii('GPS 51.5N')),
      idat,
      pngChunk('tIME', Buffer.alloc(7)),
      iend,
    ]);
    expect(stripImageMetadata(png, 'image/png')).toEqual(
      Buffer.concat([PNG_SIGNATURE, ihdr, srgb, idat, iend]),
    );
  });

  it('refuses a PNG cut short', () => {
    const png = Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', Buffer.alloc(13))]);
    expect(stripImageMetadata(png, 'image/png')).toBeUndefined();
    expect(stripImageMetadata(png.subarray(0, 20), 'image/png')).toBeUndefined();
  });

  it('drops a JPEG’s EXIF, IPTC and comments and keeps JFIF, ICC, tables and the scan', () => {
    const soi = Buffer.from([0xff, 0xd8]);
    const jfif = jpegSegment(0xe0, ascii('JFIF\0\x01\x01'));
    const icc = jpegSegment(0xe2, ascii('ICC_PROFILE\0'));
    const dqt = jpegSegment(0xdb, Buffer.alloc(65, 2));
    // The scan header, then entropy-coded data (with a stuffed 0xFF00) and the end marker.
    const scan = Buffer.concat([
      jpegSegment(0xda, Buffer.alloc(10, 3)),
      Buffer.from([9, 0xff, 0x00, 8, 0xff, 0xd9]),
    ]);
    const jpeg = Buffer.concat([
      soi,
      jfif,
      jpegSegment(0xe1, ascii('Exif\0\0GPS')),
      icc,
      jpegSegment(0xed, ascii('Photoshop 3.0')),
      jpegSegment(0xfe, ascii('shot on my phone')),
      dqt,
      scan,
    ]);
    expect(stripImageMetadata(jpeg, 'image/jpeg')).toEqual(Buffer.concat([soi, jfif, icc, dqt, scan]));
  });

  it('refuses a JPEG whose segment runs past the end', () => {
    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8]),
      jpegSegment(0xe0, Buffer.alloc(10)).subarray(0, 8),
    ]);
    expect(stripImageMetadata(jpeg, 'image/jpeg')).toBeUndefined();
  });

  it('drops a WebP’s EXIF and XMP chunks, clears their flags and fixes the RIFF size', () => {
    // VP8X flags: ICC (0x20), EXIF (0x08) and XMP (0x04) set.
    const vp8x = (flags: number) => webpChunk('VP8X', Buffer.from([flags, 0, 0, 0, 1, 0, 0, 1, 0, 0]));
    const image = webpChunk('VP8L', Buffer.from([0x2f, 1, 2, 3, 4]));
    const stripped = stripImageMetadata(
      webp([vp8x(0x2c), image, webpChunk('EXIF', ascii('GPS 51.5N')), webpChunk('XMP ', ascii('<x/>'))]),
      'image/webp',
    );
    expect(stripped).toEqual(webp([vp8x(0x20), image]));
  });
});
