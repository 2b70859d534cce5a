import { type SniffedType, sniffFileType } from '@bourse/core/platform/fileType.ts';
import { DomainError, type RouteContract } from '@bourse/shared';
import type { Request, Response } from 'express';
import multer, { MulterError } from 'multer';

type UploadSpec = NonNullable<RouteContract['upload']>;

/** An upload's outcome; each handler names its own message for each failure. */
export type Upload =
  | { kind: 'file'; buffer: Buffer; mimeType: SniffedType }
  | { kind: 'missing' }
  | { kind: 'tooLarge' }
  | { kind: 'badType' };

/**
 * Reads the one file of a multipart request into memory, at most `maxBytes`, and types it by
 * its leading bytes; the declared Content-Type is ignored. A body that cannot be read as
 * multipart is 400 common.badMultipart, before the handler runs, so nothing is written.
 */
export async function readUpload(req: Request, res: Response, spec: UploadSpec): Promise<Upload> {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: spec.maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 11 },
  }).single(spec.field);
  try {
    await new Promise<void>((resolve, reject) =>
      parse(req, res, (err: unknown) => (err ? reject(err) : resolve())),
    );
  } catch (err) {
    if (err instanceof MulterError)
      return err.code === 'LIMIT_FILE_SIZE' ? { kind: 'tooLarge' } : { kind: 'missing' };
    // Anything else is the body itself: no boundary, a malformed part, a form cut short.
    throw new DomainError('common.badMultipart');
  }
  if (!req.file || req.file.size === 0) return { kind: 'missing' };
  const mimeType = sniffFileType(req.file.buffer);
  if (!mimeType || !spec.mimeTypes.includes(mimeType)) return { kind: 'badType' };
  return { kind: 'file', buffer: req.file.buffer, mimeType };
}
