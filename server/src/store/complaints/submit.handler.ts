import { fileComplaint } from '@bourse/core/store/complaints/complaints.ts';
import { type complaintRoutes, DomainError } from '@bourse/shared';
import { type Handler, signedIn } from '../../http/mountRoute.ts';

export const submitComplaintHandler: Handler<typeof complaintRoutes.submit> = async (ctx) => {
  const { userId } = signedIn(ctx);
  const upload = ctx.upload ?? { kind: 'missing' };
  switch (upload.kind) {
    case 'missing':
      throw new DomainError('store.certificateRequired');
    case 'tooLarge':
      throw new DomainError('store.certificateTooLarge');
    case 'badType':
      throw new DomainError('store.certificateBadType');
    case 'file':
      return fileComplaint(ctx.app.db, userId, {
        ...ctx.body,
        certificate: { mimeType: upload.mimeType, buffer: upload.buffer },
      });
  }
};
