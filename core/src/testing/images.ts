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
