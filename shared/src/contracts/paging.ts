import { z } from 'zod';

/** `page` (from 1) and `pageSize` of a paged list, as query parameters. */
export const pageQuery = {
  page: z.coerce.number({ message: 'common.validation' }).int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number({ message: 'common.validation' }).int().min(1).max(100).default(20),
};

/** One page of a list, with the total for the pager. */
export const pageResponse = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), page: z.number().int(), pageSize: z.number().int(), total: z.number() });
