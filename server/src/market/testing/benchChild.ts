import { type ChildProcess, fork } from 'node:child_process';

/** What a benchmark child (server replica, feed, baseline server) tells its parent over IPC. */
export type ChildMessage =
  | { type: 'ready'; port: number }
  | { type: 'usage'; cpuMicros: number; rss: number; maxRss: number; watchers: number };
export type ChildUsage = Extract<ChildMessage, { type: 'usage' }>;

export interface ServiceChild {
  port: number;
  /** CPU time (user + system, µs), RSS and peak RSS (bytes) of the child so far. */
  usage(): Promise<ChildUsage>;
  stop(): Promise<void>;
  /** kill -9: no close, no goodbye, as a crash. */
  kill(): Promise<void>;
}

/** Child side: announces the port, answers { type: 'usage' }, closes and exits when the parent goes away. */
export function serveParent(port: number, watchers: () => number, close: () => Promise<void>): void {
  process.on('message', (message: { type?: string }) => {
    if (message.type !== 'usage') return;
    const cpu = process.cpuUsage();
    process.send?.({
      type: 'usage',
      cpuMicros: cpu.user + cpu.system,
      rss: process.memoryUsage.rss(),
      maxRss: process.resourceUsage().maxRSS * 1024,
      watchers: watchers(),
    } satisfies ChildMessage);
  });
  process.once('disconnect', async () => {
    await close();
    process.exit(0);
  });
  process.send?.({ type: 'ready', port } satisfies ChildMessage);
}

/**
 * Parent side: forks a module under tsx with the given environment (and Node flags, such as
 * --cpu-prof, which NODE_OPTIONS refuses) and waits until it is ready.
 */
export async function forkService(
  modulePath: string,
  env: Record<string, string>,
  nodeFlags: readonly string[] = [],
): Promise<ServiceChild> {
  const child: ChildProcess = fork(modulePath, {
    execArgv: ['--import', 'tsx', ...nodeFlags],
    env: { ...process.env, LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T extends ChildMessage['type']>(type: T) =>
    new Promise<Extract<ChildMessage, { type: T }>>((resolve, reject) => {
      const onMessage = (message: ChildMessage) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message as Extract<ChildMessage, { type: T }>);
      };
      const onExit = (code: number | null) => reject(new Error(`${modulePath} exited with ${code}`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const { port } = await next('ready');
  // A child killed by a signal has no exit code, only the signal.
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  return {
    port,
    usage() {
      const answer = next('usage');
      child.send({ type: 'usage' });
      return answer;
    },
    async stop() {
      if (gone()) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    },
    async kill() {
      if (gone()) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}
