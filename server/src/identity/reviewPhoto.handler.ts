import { reviewPhoto } from '@bourse/core/identity/review.ts';
import { sniffFileType } from '@bourse/core/platform/fileType.ts';
import { DomainError, type identityRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';

export const reviewPhotoHandler: Handler<typeof identityRoutes.reviewPhoto> = async ({ app, query }) => {
  const photo = await reviewPhoto(app.db, query.id);
  // Stored only after sniffing, so the type is one of the accepted ones.
  const mimeType = photo ? sniffFileType(photo.content) : undefined;
  if (!photo || !mimeType) throw new DomainError('identity.requestNotFound');
  return { mimeType, base64: photo.content.toString('base64') };
};
