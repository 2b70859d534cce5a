import type { SniffedType } from './fileType.ts';

/**
 * Removes what a picture says about its author (camera, GPS position, software, captions) and
 * keeps what draws it. Works on the container only, never decodes pixels. Answers undefined
 * when the bytes are not a well-formed file of that type, which callers refuse as a bad type.
 * JPEG orientation lives in EXIF, so a rotated phone photo shows as the sensor saw it.
 */
export function stripImageMetadata(bytes: Buffer, type: SniffedType): Buffer | undefined {
  switch (type) {
    case 'image/png':
      return stripPng(bytes);
    case 'image/jpeg':
      return stripJpeg(bytes);
    case 'image/webp':
      return stripWebp(bytes);
  }
}

const PNG_SIGNATURE_LENGTH = 8;
// Ancillary chunks that affect how the picture is drawn (colour, transparency, animation).
const PNG_KEPT_ANCILLARY = new Set([
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'cICP',
  'sBIT',
  'pHYs',
  'bKGD',
  'hIST',
  'sPLT',
  'acTL',
  'fcTL',
  'fdAT',
]);

/** PNG: length, type, data, CRC; critical chunks (upper-case first letter) are always kept. */
function stripPng(bytes: Buffer): Buffer | undefined {
  const kept: Buffer[] = [bytes.subarray(0, PNG_SIGNATURE_LENGTH)];
  let at = PNG_SIGNATURE_LENGTH;
  let ended = false;
  while (!ended) {
    if (at + 12 > bytes.length) return undefined;
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (end > bytes.length) return undefined;
    const critical = type.charCodeAt(0) >= 0x41 && type.charCodeAt(0) <= 0x5a;
    if (critical || PNG_KEPT_ANCILLARY.has(type)) kept.push(bytes.subarray(at, end));
    ended = type === 'IEND';
    at = end;
  }
  return Buffer.concat(kept);
}

const JPEG_SOS = 0xda;
const JPEG_EOI = 0xd9;
// APP0 (JFIF), APP2 (ICC profile) and APP14 (Adobe colour transform) change how it is drawn;
// APP1 (EXIF, XMP), APP13 (IPTC), the other APPn and COM only describe it.
const JPEG_KEPT_APP = new Set([0xe0, 0xe2, 0xee]);
const isApp = (marker: number) => marker >= 0xe0 && marker <= 0xef;
const isComment = (marker: number) => marker === 0xfe;
// Markers that stand alone, without a length: TEM and RST0–7.
const standsAlone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/** JPEG: segments up to the first scan; everything from the scan on is image data, kept as is. */
function stripJpeg(bytes: Buffer): Buffer | undefined {
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let at = 2;
  for (;;) {
    if (at >= bytes.length || bytes[at] !== 0xff) return undefined;
    // Any number of 0xFF may pad before a marker.
    while (bytes[at + 1] === 0xff) at += 1;
    const marker = bytes[at + 1];
    if (marker === undefined) return undefined;
    if (marker === JPEG_EOI) return Buffer.concat([...kept, bytes.subarray(at, at + 2)]);
    if (standsAlone(marker)) {
      kept.push(bytes.subarray(at, at + 2));
      at += 2;
      continue;
    }
    if (at + 4 > bytes.length) return undefined;
    const end = at + 2 + bytes.readUInt16BE(at + 2);
    if (end > bytes.length) return undefined;
    if (marker === JPEG_SOS) return Buffer.concat([...kept, bytes.subarray(at)]);
    const describesOnly = (isApp(marker) && !JPEG_KEPT_APP.has(marker)) || isComment(marker);
    if (!describesOnly) kept.push(bytes.subarray(at, end));
    at = end;
  }
}

const WEBP_HEADER_LENGTH = 12;
const VP8X_EXIF_FLAG = 0x08;
const VP8X_XMP_FLAG = 0x04;

/** WebP: RIFF chunks (four-character code, little-endian size, data padded to even). */
function stripWebp(bytes: Buffer): Buffer | undefined {
  const kept: Buffer[] = [];
  let at = WEBP_HEADER_LENGTH;
  while (at < bytes.length) {
    if (at + 8 > bytes.length) return undefined;
    const fourcc = bytes.toString('latin1', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    const end = at + 8 + size + (size % 2);
    if (end > bytes.length) return undefined;
    if (fourcc === 'VP8X') {
      const chunk = Buffer.from(bytes.subarray(at, end));
      chunk[8] = (chunk[8] ?? 0) & ~(VP8X_EXIF_FLAG | VP8X_XMP_FLAG);
      kept.push(chunk);
    } else if (fourcc !== 'EXIF' && fourcc !== 'XMP ') kept.push(bytes.subarray(at, end));
    at = end;
  }
  const body = Buffer.concat(kept);
  const header = Buffer.from(bytes.subarray(0, WEBP_HEADER_LENGTH));
  header.writeUInt32LE(body.length + 4, 4);
  return Buffer.concat([header, body]);
}
