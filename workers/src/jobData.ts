import { type Job, UnrecoverableError } from 'bullmq';
import type { z } from 'zod';

/** A job's payload checked against its shared schema; a bad one fails for good (retrying cannot fix it). */
export function parseJobData<T extends z.ZodType>(schema: T, job: Job): z.infer<T> {
  const parsed = schema.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`bad ${job.name} job: ${parsed.error.message}`);
  return parsed.data;
}
