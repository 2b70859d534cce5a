import { beforeAll } from 'vitest';
import { initCatalogues } from '../i18n/index.ts';

// Validation and formatting tests read English messages, as the component tests do.
beforeAll(async () => {
  await initCatalogues('en');
});
