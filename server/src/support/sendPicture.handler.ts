import { sendAsUser } from '@bourse/core/support/chat.ts';
import { DomainError, type supportRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

/** A picture into the user's chat; it reaches their sockets and the desk as any message does. */
export const sendPictureHandler: Handler<typeof supportRoutes.picture> = async (ctx) => {
  const { userId } = signedIn(ctx);
  const upload = ctx.upload ?? { kind: 'missing' };
  switch (upload.kind) {
    case 'missing':
      throw new DomainError('support.pictureMissing');
    case 'tooLarge':
      throw new DomainError('support.pictureTooLarge');
    case 'badType':
      throw new DomainError('support.pictureBadType');
    case 'file':
      return sendAsUser(ctx.app.services.support, userId, ctx.locale, ctx.body.clientKey, {
        picture: { mimeType: upload.mimeType, buffer: upload.buffer },
      });
  }
};
