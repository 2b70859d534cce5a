import { screen } from '@testing-library/react';
import { matchRoutes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../test/fixtures.ts';
import { logIn, renderApp, resetSession, settlesAt } from '../test/renderApp.tsx';
import { appRoutes } from './routes.tsx';
import type { RouteHandle } from './routeTypes.ts';

/** Spec section 2, reading A, as URLs (optional parameters both ways). */
const SPEC_URLS = [
  '/login',
  '/register',
  '/agreement',
  '/home',
  '/homedetail',
  '/shares/new',
  '/shares/new-detail',
  '/ucenter/shengou',
  '/ucenter/transfer',
  '/ucenter/bank-list',
  '/ucenter/bank',
  '/ucenter/holding',
  '/market',
  '/trade',
  '/shares/holdDetail',
  '/shares/creatOrder',
  '/shares/dzjy',
  '/shares/dzjy-record',
  '/search/search',
  '/personCenter',
  '/personCenter/money',
  '/personCenter/moneyLog',
  '/personCenter/payment',
  '/personCenter/paymentOut',
  '/cms/web',
  '/customerService',
  '/fastpayment',
  '/historyPosition',
  '/historyDetail',
  '/realNameAuthentication',
  '/bankRecord',
  '/bankIn',
  '/bankIn/alipay',
  '/payPwd',
  '/stockInfo',
  '/stockInfo/604519',
  '/setting',
  '/messages',
  '/my',
  '/transaction',
  '/test',
  '/change-pwt',
  '/helpForNewbies',
  '/tradingRules',
  '/userAgreement',
  '/privacyAgreement',
  '/aboutUs',
  '/dragonTigerList',
  '/dayStop',
  '/dayUpStop',
  '/tenDeal',
  '/forgotPassword',
];

const handleOf = (url: string) =>
  matchRoutes(appRoutes, url)?.at(-1)?.route.handle as RouteHandle | undefined;

beforeEach(resetSession);
afterEach(() => vi.unstubAllGlobals());

describe('routes', () => {
  it.each(SPEC_URLS)('%s is a registered screen', (url) => {
    const handle = handleOf(url);
    expect(handle?.id).toBeDefined();
    expect(handle?.id).not.toBe('notFound');
  });

  it('sends anything else to not-found', () => {
    expect(handleOf('/no/such/screen')?.id).toBe('notFound');
  });

  it.each([
    ['/stockInfo', '/search/search'],
    ['/shares/new-detail', '/shares/new'],
    ['/shares/new-detail?code=', '/shares/new'],
  ])('sends %s, which lacks what it shows, to %s', async (url, fallback) => {
    fakeApi({});
    const router = renderApp(url);
    await settlesAt(router, fallback);
    expect(screen.queryByTestId('route-error')).toBeNull();
  });

  it.each([
    ['/shares/holdDetail', '/ucenter/holding'],
    ['/historyDetail', '/historyPosition'],
  ])('sends a signed-in user on %s, which lacks what it shows, to %s', async (url, fallback) => {
    fakeApi({});
    logIn();
    const router = renderApp(url);
    await settlesAt(router, fallback);
  });

  it('keeps a link that names what it shows', async () => {
    fakeApi({});
    const router = renderApp('/shares/new-detail?code=301234');
    await settlesAt(router, '/shares/new-detail?code=301234');
  });

  it('renders an information page with real text', async () => {
    fakeApi({});
    const router = renderApp('/tradingRules');
    await settlesAt(router, '/tradingRules');
    const article = await screen.findByTestId('info-tradingRules');
    expect(article.textContent).toContain('T+1');
    expect(article.textContent).toContain('0.025%');
    expect(article.textContent).toContain('±20%');
  });

  it('explains the compressed demo days on /marketClock, without login', async () => {
    fakeApi({});
    const router = renderApp('/marketClock');
    await settlesAt(router, '/marketClock');
    expect((await screen.findByTestId('page-title')).textContent).toBe('Market clock');
    const article = await screen.findByTestId('info-marketClock');
    expect(article.textContent).toContain('FEED_DEMO_CYCLE_MS');
    expect(article.textContent).toContain('in real time');
  });
});
