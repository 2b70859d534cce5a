/**
 * `pnpm dev`: the server in watch mode (restarts on change) and Vite's dev server with hot
 * reload, which proxies /api and /socket.io to the server. Open the URL Vite prints.
 */
import { spawn } from 'node:child_process';

const children = [
  spawn('pnpm', ['exec', 'tsx', 'watch', '--clear-screen=false', 'scripts/start.ts'], { stdio: 'inherit' }),
  spawn('pnpm', ['--filter', '@bourse/client', 'dev'], { stdio: 'inherit' }),
];

let exiting = false;
function stopAll(code: number): void {
  if (exiting) return;
  exiting = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGINT');
  setTimeout(() => process.exit(code), 5_000).unref();
}
for (const child of children) child.once('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
