import type { RankEvent, RankRow } from '@bourse/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyLocale } from '../../i18n/index.ts';
import { FakeMarketSocket } from '../../test/fakeMarketSocket.ts';
import { renderApp, resetSession } from '../../test/renderApp.tsx';
import { resetMarketConnection } from '../market/data/market.ts';
import { useSession } from '../session/sessionStore.ts';

/**
 * Sealed at 09:35:12 Beijing market time (01:35:12 UTC), broke twice, last sealed at 13:05:40;
 * 123,456,789.00 CNY queued, 2,500,000.00 less than a market minute before; third day in a row.
 */
const sealed: RankRow = {
  symbol: '604001',
  name: '浦江科技',
  price: '11.00',
  pct: '10.00',
  turnover: '5000000.00',
  turnoverRate: '1.20',
  sealVolume: 11_223_344,
  sealAmount: '123456789.00',
  sealAmountChange: '-2500000.00',
  firstSealTime: Date.parse('2026-11-27T01:35:12Z'),
  lastSealTime: Date.parse('2026-11-27T05:05:40Z'),
  sealBreaks: 2,
  limitDays: 3,
};

/** At the limit today only, its seal grown; the feed has not yet watched a whole minute of the other. */
const fresh: RankRow = {
  ...sealed,
  symbol: '604002',
  sealAmount: '5000.00',
  sealAmountChange: '5000.00',
  firstSealTime: Date.parse('2026-11-27T06:59:01Z'),
  lastSealTime: Date.parse('2026-11-27T06:59:01Z'),
  sealBreaks: 0,
  limitDays: 1,
};

const event = (rows: RankRow[]): RankEvent => ({
  list: 'limitUp',
  tradingDate: '2026-11-27',
  rows,
  ts: 1,
  seq: 1,
});

let socket: FakeMarketSocket;
beforeEach(() => {
  resetSession();
  socket = new FakeMarketSocket();
  resetMarketConnection(() => socket);
});
afterEach(async () => {
  await applyLocale('en');
});

async function openLimitUp(rows: RankRow[]) {
  renderApp('/dayUpStop');
  await waitFor(() => expect(socket.connects).toBe(1));
  act(() => socket.open());
  await waitFor(() => expect(socket.sent('rank:subscribe')).toHaveLength(1));
  act(() => socket.sent('rank:subscribe')[0]?.ack?.({ ok: true, data: event(rows) }));
  return screen.findAllByTestId('rank-row');
}

describe('/dayUpStop', () => {
  it('shows first and last seal in market time, breaks, the streak and the seal amount with its minute’s change', async () => {
    const [row, second] = await openLimitUp([sealed, fresh]);
    const cells = within(row as HTMLElement);
    expect(cells.getByTestId('rank-first-seal').textContent).toBe('09:35:12');
    expect(cells.getByTestId('rank-last-seal').textContent).toBe('13:05:40');
    expect(cells.getByTestId('rank-seal-breaks').textContent).toBe('2');
    expect(cells.getByTestId('rank-limit-days').textContent).toBe('3 days');
    expect(cells.getByTestId('rank-seal-amount').textContent).toBe('123.46M');
    const change = cells.getByTestId('rank-seal-change');
    expect(change.textContent).toBe('-2.50M');
    expect(change.className).toContain('price-down');

    const next = within(second as HTMLElement);
    expect(next.getByTestId('rank-limit-days').textContent).toBe('1 day');
    expect(next.getByTestId('rank-seal-change').textContent).toBe('+5.00K');
    expect(next.getByTestId('rank-seal-change').className).toContain('price-up');
    expect(screen.getByText('± 1 min')).toBeTruthy();
  });

  it('reads 万/亿 and 连板 in Chinese, and a dash for a change not yet known', async () => {
    await openLimitUp([{ ...sealed, sealAmountChange: null }, fresh]);
    await act(() => useSession.getState().setLang('zh-CN'));
    const [row, second] = await screen.findAllByTestId('rank-row');
    const cells = within(row as HTMLElement);
    expect(cells.getByTestId('rank-seal-amount').textContent).toBe('1.23亿');
    expect(cells.getByTestId('rank-limit-days').textContent).toBe('3连板');
    expect(cells.getByTestId('rank-seal-change').textContent).toBe('—');
    expect(within(second as HTMLElement).getByTestId('rank-limit-days').textContent).toBe('首板');
    expect(screen.getByText('首封')).toBeTruthy();
    expect(screen.getByText('最后封板')).toBeTruthy();
  });
});
