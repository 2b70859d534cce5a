import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Container health for processes without an HTTP port: the process touches this file while
 * its event loop runs, and docker-compose's health check fails once it is 30 s old.
 */
export const HEARTBEAT_FILE = join(tmpdir(), 'bourse-worker-heartbeat');

export function writeHeartbeat(): void {
  writeFileSync(HEARTBEAT_FILE, String(Date.now()));
}
