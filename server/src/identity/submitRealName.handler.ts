import { type Photo, submitRealName } from '@bourse/core/identity/verification.ts';
import { DomainError, type identityRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

function photoOf(ctx: Parameters<Handler<typeof identityRoutes.submitRealName>>[0]): Photo | undefined {
  const upload = ctx.upload ?? { kind: 'missing' };
  switch (upload.kind) {
    case 'missing':
      return undefined;
    case 'tooLarge':
      throw new DomainError('identity.photoTooLarge');
    case 'badType':
      throw new DomainError('identity.photoBadType');
    case 'file':
      return { mimeType: upload.mimeType, buffer: upload.buffer };
  }
}

export const submitRealNameHandler: Handler<typeof identityRoutes.submitRealName> = async (ctx) => {
  const { userId } = signedIn(ctx);
  const { detail, sent } = await submitRealName(ctx.app.db, userId, ctx.body, {
    photo: photoOf(ctx),
    autoApprove: ctx.app.config.realNameAutoApprove,
  });
  if (sent) ctx.app.services.messages.publish(sent);
  return detail;
};
