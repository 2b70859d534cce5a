import { randomUUID } from 'node:crypto';
import { avatarUrl } from '@bourse/core/accounts/users.ts';
import { avatars } from '@bourse/core/db/schema.ts';
import { DomainError, type userRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const editAvatarHandler: Handler<typeof userRoutes.editAvatar> = async (ctx) => {
  const { userId } = signedIn(ctx);
  const upload = ctx.upload ?? { kind: 'missing' };
  switch (upload.kind) {
    case 'missing':
      throw new DomainError('avatar.missing');
    case 'tooLarge':
      throw new DomainError('avatar.tooLarge');
    case 'badType':
      throw new DomainError('avatar.badType');
    case 'file': {
      // A new id per upload gives a new URL, so caches never serve the old picture.
      const id = randomUUID();
      const image = { id, mimeType: upload.mimeType, content: upload.buffer, createdAt: new Date() };
      await ctx.app.db
        .insert(avatars)
        .values({ userId, ...image })
        .onConflictDoUpdate({ target: avatars.userId, set: image });
      return { avatarUrl: avatarUrl(id) };
    }
  }
};
