import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { applyFrame } from './app/frame.ts';
import { createAppRouter } from './app/routes.tsx';
import { UpdatePrompt } from './app/UpdatePrompt.tsx';
import { wireHttp } from './app/wiring.ts';
import { applyColors, useSession } from './features/session/sessionStore.ts';
import { initI18n } from './i18n/index.ts';
import { logger } from './lib/logger.ts';
import './styles/global.css';
import './shared-ui/kit.css';

const session = useSession.getState();
applyFrame(navigator.userAgent);
applyColors(session.colors);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

initI18n(session.setting.lang.file_name)
  .catch((error: unknown) => logger.error('i18n failed to start', error))
  .finally(() => {
    const router = createAppRouter();
    wireHttp(router);
    createRoot(root).render(
      <StrictMode>
        <App router={router} />
        <UpdatePrompt />
      </StrictMode>,
    );
  });
