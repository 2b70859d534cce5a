import { readFileSync } from 'node:fs';

/**
 * `__APP_VERSION__` in the bundle (and in the tests): the client package's version, which the
 * connection check reports so support knows which build a user runs.
 */
export const appVersionDefine = {
  __APP_VERSION__: JSON.stringify(
    (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
      .version,
  ),
};
