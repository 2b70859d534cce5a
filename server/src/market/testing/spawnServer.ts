import { fileURLToPath } from 'node:url';
import { forkService, type ServiceChild } from './benchChild.ts';

export type ServerChild = ServiceChild;

/** Forks serverProcess.ts under tsx with the given environment (and Node flags) and waits until it listens. */
export function spawnServer(
  env: Record<string, string>,
  nodeFlags: readonly string[] = [],
): Promise<ServerChild> {
  return forkService(fileURLToPath(new URL('./serverProcess.ts', import.meta.url)), env, nodeFlags);
}
