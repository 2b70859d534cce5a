import type { UserInfo } from '@bourse/shared';

/** The seeded demo account as /api/user/info answers it (tests and screenshot fakes). */
export const demoUser: UserInfo = {
  id: 'u1',
  account: 'demo',
  username: 'Wang',
  givenName: 'Ming',
  email: 'demo@example.com',
  mobile: '13800138000',
  avatarUrl: null,
  role: 'user',
  lang: { file_name: 'en', language_name: 'English' },
  createdAt: '2026-01-01T00:00:00.000Z',
};
