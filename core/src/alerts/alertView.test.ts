import { describe, expect, it } from 'vitest';
import { alertView } from './alerts.ts';

const row = {
  id: '0b6f1d8e-3c1a-4a52-9d7e-2f4b6a8c0e12',
  userId: 'f3a9c2d1-7b4e-4c8a-9e1f-5d2b7a6c3e40',
  symbol: '600000',
  name: '浦发银行',
  kind: 'above' as const,
  level: '1500.000',
  percent: null,
  cooldownMinutes: null,
  enabled: false,
  lastFiredAt: new Date('2026-11-30T01:45:00Z'),
  lastFiredPrice: '84.500',
  createdAt: new Date('2026-11-30T01:40:00Z'),
};

describe('an alert as its owner sees it', () => {
  it('shows its level as typed and the price it fired at as the market quotes prices', () => {
    const view = alertView(row);
    expect(view.level).toBe('1500');
    expect(view.lastFiredPrice).toBe('84.50');
    expect(alertView({ ...row, lastFiredPrice: '1.234' }).lastFiredPrice).toBe('1.234');
  });
});
