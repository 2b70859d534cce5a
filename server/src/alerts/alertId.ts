import { DomainError } from '@bourse/shared';
import { z } from 'zod';

/** The `:id` of the path: anything but a UUID names no alert. */
export function alertId(ctx: { params: Record<string, string | undefined> }): string {
  const id = z.uuid().safeParse(ctx.params.id);
  if (!id.success) throw new DomainError('priceAlert.notFound');
  return id.data;
}
