import { type SniffedType, sniffFileType } from '@bourse/core/platform/fileType.ts';
import { DomainError, type RouteContract } from '@bourse/shared';
import type { Request, Response } from 'express';
import multer, { MulterError } from 'multer';

type UploadSpec = NonNullable<RouteContract['upload']>;

export interface UploadedFile {
  buffer: Buffer;
  mimeType: SniffedType;
}

/** An upload's outcome; each handler names its own message for each failure. */
export type Upload =
  | ({ kind: 'file' } & UploadedFile)
  | { kind: 'missing' }
  | { kind: 'tooLarge' }
  | { kind: 'badType' };

/** The outcome of a route that takes up to `maxFiles` files, none of them required. */
export type Uploads =
  | { kind: 'files'; files: UploadedFile[] }
  | { kind: 'tooMany' }
  | { kind: 'tooLarge' }
  | { kind: 'badType' };

const TEXT_FIELDS = 10;

/** Runs multer over the request; a body that cannot be read as multipart is 400 common.badMultipart. */
async function parseMultipart(
  req: Request,
  res: Response,
  spec: UploadSpec,
  files: number,
  select: (m: multer.Multer) => ReturnType<multer.Multer['single']>,
): Promise<MulterError | undefined> {
  const parse = select(
    multer({
      storage: multer.memoryStorage(),
      limits: {
        fileSize: spec.maxBytes,
        files,
        fields: TEXT_FIELDS,
        fieldSize: 1024,
        parts: TEXT_FIELDS + files,
      },
    }),
  );
  try {
    await new Promise<void>((resolve, reject) =>
      parse(req, res, (err: unknown) => (err ? reject(err) : resolve())),
    );
    return undefined;
  } catch (err) {
    if (err instanceof MulterError) return err;
    // Anything else is the body itself: no boundary, a malformed part, a form cut short.
    throw new DomainError('common.badMultipart');
  }
}

/**
 * Reads the one file of a multipart request into memory, at most `maxBytes`, and types it by
 * its leading bytes; the declared Content-Type is ignored. A body that cannot be read as
 * multipart is 400 common.badMultipart, before the handler runs, so nothing is written.
 */
export async function readUpload(req: Request, res: Response, spec: UploadSpec): Promise<Upload> {
  const err = await parseMultipart(req, res, spec, 1, (m) => m.single(spec.field));
  if (err) return err.code === 'LIMIT_FILE_SIZE' ? { kind: 'tooLarge' } : { kind: 'missing' };
  if (!req.file || req.file.size === 0) return { kind: 'missing' };
  const mimeType = sniffFileType(req.file.buffer);
  if (!mimeType || !spec.mimeTypes.includes(mimeType)) return { kind: 'badType' };
  return { kind: 'file', buffer: req.file.buffer, mimeType };
}

/** As readUpload, for up to `maxFiles` files in the one field; none is a valid answer. */
export async function readUploads(
  req: Request,
  res: Response,
  spec: UploadSpec & { maxFiles: number },
): Promise<Uploads> {
  const err = await parseMultipart(req, res, spec, spec.maxFiles, (m) => m.array(spec.field, spec.maxFiles));
  if (err?.code === 'LIMIT_FILE_SIZE') return { kind: 'tooLarge' };
  if (err?.code === 'LIMIT_FILE_COUNT' || (err?.code === 'LIMIT_UNEXPECTED_FILE' && err.field === spec.field))
    return { kind: 'tooMany' };
  if (err) throw new DomainError('common.badMultipart');
  const received = Array.isArray(req.files) ? req.files.filter((f) => f.size > 0) : [];
  const files: UploadedFile[] = [];
  for (const file of received) {
    const mimeType = sniffFileType(file.buffer);
    if (!mimeType || !spec.mimeTypes.includes(mimeType)) return { kind: 'badType' };
    files.push({ buffer: file.buffer, mimeType });
  }
  return { kind: 'files', files };
}
