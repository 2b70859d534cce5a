/**
 * Weekdays on which SSE, SZSE and BSE are closed, from the exchanges' yearly notices
 * (关于20XX年部分节假日休市安排的通知, published each December). Weekend make-up working days
 * are not trading days, so they need no entry. Add the next year's closures when its notice is
 * out, and add the year to HOLIDAY_YEARS; outside those years every weekday counts as open.
 */
export const HOLIDAY_YEARS: readonly number[] = [2025, 2026];

export const EXCHANGE_HOLIDAYS: readonly string[] = [
  // 2025 (notice of 2024-12-23)
  '2025-01-01',
  '2025-01-28',
  '2025-01-29',
  '2025-01-30',
  '2025-01-31',
  '2025-02-03',
  '2025-02-04',
  '2025-04-04',
  '2025-05-01',
  '2025-05-02',
  '2025-05-05',
  '2025-06-02',
  '2025-10-01',
  '2025-10-02',
  '2025-10-03',
  '2025-10-06',
  '2025-10-07',
  '2025-10-08',
  // 2026 (notice of 2025-12-22)
  '2026-01-01',
  '2026-01-02',
  '2026-02-16',
  '2026-02-17',
  '2026-02-18',
  '2026-02-19',
  '2026-02-20',
  '2026-02-23',
  '2026-04-06',
  '2026-05-01',
  '2026-05-04',
  '2026-05-05',
  '2026-06-19',
  '2026-09-25',
  '2026-10-01',
  '2026-10-02',
  '2026-10-05',
  '2026-10-06',
  '2026-10-07',
];
