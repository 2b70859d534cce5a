import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { applyFrame } from './app/frame.ts';
import { createAppRouter } from './app/routes.tsx';
import { UpdatePrompt } from './app/UpdatePrompt.tsx';
import { wireHttp } from './app/wiring.ts';
import { applyColors, useSession } from './features/session/sessionStore.ts';
import { initI18n } from './i18n/index.ts';
import { logger } from './lib/logger.ts';
import { yieldToBrowser } from './lib/yieldToBrowser.ts';
import './styles/global.css';
import './shared-ui/kit.css';

const session = useSession.getState();
applyFrame(navigator.userAgent);
applyColors(session.colors);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

/**
 * The start in steps, each its own task (the router and its first screen's loading; then React's
 * first render, itself a transition React renders in slices): on a slow phone they took 300–400 ms
 * as one task, the tap that came then waiting for all of it.
 */
async function start(container: HTMLElement): Promise<void> {
  try {
    await initI18n(session.setting.lang.file_name);
  } catch (error) {
    logger.error('i18n failed to start', error);
  }
  await yieldToBrowser();
  const router = createAppRouter();
  wireHttp(router);
  await yieldToBrowser();
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <App router={router} />
        <UpdatePrompt />
      </StrictMode>,
    ),
  );
}

void start(root);
