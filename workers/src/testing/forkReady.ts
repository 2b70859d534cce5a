import { type ChildProcess, fork } from 'node:child_process';

/**
 * Runs a TypeScript module in a child process of its own (restart tests kill it with SIGKILL),
 * silent unless it fails; `ready` resolves when it sends `{ type: readyType }` over IPC and
 * rejects if it exits first.
 */
export function forkReady(
  module: URL,
  readyType: string,
  env: Record<string, string>,
): { child: ChildProcess; ready: Promise<void> } {
  const child = fork(module, {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.on('message', (m: { type?: string }) => m.type === readyType && resolve());
    child.once('exit', (code) => reject(new Error(`${module.pathname} exited with ${code}`)));
  });
  return { child, ready };
}
