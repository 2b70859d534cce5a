export { useIdempotencyKey } from './useIdempotencyKey.ts';
