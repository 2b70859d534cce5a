/**
 * BullMQ's key prefix behind the app's Redis prefix: the hash tag puts every key of a queue in
 * one Redis Cluster slot, as BullMQ's scripts need. Workers and the server's dashboard and admin
 * API must agree on it to see the same queues.
 */
export function bullPrefix(redisPrefix: string): string {
  return `${redisPrefix}{bull}`;
}
