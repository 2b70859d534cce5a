import type {
  AuthenticationDetail,
  BankCardView,
  CashFundOverview,
  FundOperation,
  FundYield,
  TransferView,
} from '@bourse/shared';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** An ICBC number with a correct check digit: 622202 0200 1122 334 + 6. */
export const ICBC_CARD = '6222020200112233446';

export function cardOf(n: number, overrides: Partial<BankCardView> = {}): BankCardView {
  return {
    id: uuid(n),
    bank: 'ICBC',
    cardTail: String(3440 + n),
    cardMasked: `6222 **** **** ${3440 + n}`,
    holderName: '李雷',
    isDefault: n === 1,
    createdAt: '2026-07-01T02:00:00.000Z',
    ...overrides,
  };
}

export function transferOf(n: number, overrides: Partial<TransferView> = {}): TransferView {
  return {
    id: uuid(100 + n),
    direction: 'in',
    amount: '1000.00',
    status: 'auditing',
    refusalReason: null,
    bank: 'ICBC',
    cardTail: '3441',
    createdAt: '2026-07-08T02:30:00.000Z',
    settledAt: null,
    ...overrides,
  };
}

export const verified: AuthenticationDetail = {
  status: 'passed',
  realName: '李雷',
  idNumberMasked: '1101**********1234',
  refusalReason: null,
  submittedAt: '2026-07-01T02:00:00.000Z',
  reviewedAt: '2026-07-01T02:00:00.000Z',
};

export function fundOverviewOf(overrides: Partial<CashFundOverview> = {}): CashFundOverview {
  const recentDays = [
    { date: '2026-07-06', yieldPer10k: '0.4123', annualised7d: '1.511' },
    { date: '2026-07-07', yieldPer10k: '0.4420', annualised7d: '1.540' },
  ];
  return {
    nav: '1.0000',
    units: '10000.41',
    latestYield: '0.44',
    totalYield: '0.85',
    latestDay: recentDays[1] ?? null,
    recentDays,
    withdrawable: '5000.00',
    fastRedeemCap: '10000.00',
    fastRedeemLeft: '10000.00',
    redeeming: '0.00',
    redeemingPayableOn: null,
    ...overrides,
  };
}

export function fundYieldOf(date: string, overrides: Partial<FundYield> = {}): FundYield {
  return {
    date,
    basis: '10000.00',
    yieldPer10k: '0.4123',
    annualised7d: '1.511',
    paid: '0.41',
    unitsAfter: '10000.41',
    ...overrides,
  };
}

export function fundOperationOf(n: number, overrides: Partial<FundOperation> = {}): FundOperation {
  return {
    id: uuid(200 + n),
    kind: 'subscribe',
    units: '10000.00',
    unitsAfter: '10000.00',
    date: '2026-07-05',
    deferred: '0.00',
    payableOn: null,
    earnsFrom: '2026-07-06',
    createdAt: '2026-07-05T02:00:00.000Z',
    ...overrides,
  };
}

/** A page of a list as the paged routes answer it. */
export const pageOf = <T>(items: T[], total = items.length) => ({ items, page: 1, pageSize: 20, total });
