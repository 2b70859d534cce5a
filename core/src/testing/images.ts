/** A 1×1 PNG: the smallest picture every upload route takes. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const IHDR_END = 33;
/** The same PNG with a text chunk naming its author after the header (CRC not checked): metadata a server must drop. */
export const PNG_WITH_AUTHOR = Buffer.concat([
  PNG.subarray(0, IHDR_END),
  Buffer.from([0, 0, 0, 10]),
  Buffer.from('tEXtAuthor\0Ada', 'latin1'),
  Buffer.alloc(4),
  PNG.subarray(IHDR_END),
]);

/** A JPEG with an EXIF segment (APP1) a server must drop, and the same JPEG without it. */
export const JPEG_EXIF = Buffer.from('ffd8ffe1000b457869660000475053ffdb0004ab12ffda0004cd3344ffd9', 'hex');
export const JPEG_CLEAN = Buffer.from('ffd8ffdb0004ab12ffda0004cd3344ffd9', 'hex');
