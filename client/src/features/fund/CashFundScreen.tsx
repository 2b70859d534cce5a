import { type CashFundOverview, Dec, type FundOperation, type FundYield } from '@bourse/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../../lib/accountFormat.ts';
import { formatDate } from '../../lib/date/formatDate.ts';
import { formatPrice, formatRate } from '../../lib/format.ts';
import { dataOf } from '../../lib/loadable.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { usePagedList } from '../../lib/usePagedList.ts';
import { Button } from '../../shared-ui/Button.tsx';
import { Field } from '../../shared-ui/Field.tsx';
import { LoadingOr } from '../../shared-ui/LoadingOr.tsx';
import { PagedList } from '../../shared-ui/PagedList.tsx';
import { Pnl } from '../../shared-ui/Pnl.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { Segmented } from '../../shared-ui/Segmented.tsx';
import { Sheet } from '../../shared-ui/Sheet.tsx';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { FormError, useFormSubmit } from '../../shared-ui/useFormSubmit.tsx';
import { useIdempotencyKey } from '../banking/index.ts';
import {
  FUND_PAGE_SIZE,
  fetchFundHistory,
  fetchFundOverview,
  fetchFundYields,
  redeemFund,
  subscribeFund,
} from './fundApi.ts';
import { type FundTradeKind, validateFundTrade } from './fundForm.ts';
import '../trade/trade.css';
import '../portfolio/portfolio.css';
import './fund.css';

function TradeSheet({
  kind,
  overview,
  onDone,
  onClose,
}: {
  kind: FundTradeKind;
  overview: CashFundOverview;
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const keyFor = useIdempotencyKey();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const { busy, failure, run } = useFormSubmit();
  const limit = kind === 'subscribe' ? overview.withdrawable : overview.units;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const validation = validateFundTrade(kind, value, limit);
    setError(validation.ok ? undefined : validation.error);
    if (!validation.ok) return;
    await run(async () => {
      const key = keyFor({ kind, value: validation.value });
      const done =
        kind === 'subscribe'
          ? await subscribeFund(validation.value, key)
          : await redeemFund(validation.value, key);
      const units = money(done.units.replace('-', ''));
      const later = new Dec(done.deferred);
      toast.success(
        kind === 'subscribe'
          ? t('fund.subscribed', { units, date: done.earnsFrom ?? done.date })
          : later.isZero()
            ? t('fund.redeemed', { units })
            : t('fund.redeemedSplit', {
                units,
                now: money(new Dec(done.units).negated().minus(later).toFixed(2)),
                later: money(done.deferred),
                date: done.payableOn,
              }),
      );
      onDone();
      onClose();
    });
  };

  return (
    <Sheet
      title={t(kind === 'subscribe' ? 'fund.subscribeTitle' : 'fund.redeemTitle')}
      onClose={onClose}
      testId={`fund-${kind}-sheet`}
    >
      <form className="form fund-trade" onSubmit={submit} noValidate>
        <Field
          label={t(kind === 'subscribe' ? 'fund.amount' : 'fund.unitsField')}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={setValue}
          error={error}
          data-testid="fund-trade-value"
        />
        <div className="fund-trade__limit">
          <span>
            {kind === 'subscribe'
              ? t('fund.withdrawable', { amount: money(limit) })
              : t('fund.held', { units: money(limit) })}
          </span>
          <button
            type="button"
            className="link-button"
            onClick={() => setValue(limit)}
            data-testid="fund-trade-all"
          >
            {t('fund.all')}
          </button>
        </div>
        <p className="form__hint" data-testid="fund-trade-rule">
          {kind === 'subscribe'
            ? t('fund.confirmRule')
            : t('fund.fastCap', {
                cap: money(overview.fastRedeemCap),
                left: money(overview.fastRedeemLeft),
              })}
        </p>
        <FormError message={failure} />
        <Button type="submit" block disabled={busy} testId="fund-trade-submit">
          {t(kind === 'subscribe' ? 'fund.subscribe' : 'fund.redeem')}
        </Button>
      </form>
    </Sheet>
  );
}

function Overview({
  overview,
  onTrade,
}: {
  overview: CashFundOverview;
  onTrade: (kind: FundTradeKind) => void;
}) {
  const { t } = useTranslation();
  const day = overview.latestDay;
  return (
    <>
      <section className="card fund-hero" data-testid="fund-overview">
        <span className="fund-hero__label">{t('fund.units')}</span>
        <span className="fund-hero__units" data-testid="fund-units">
          {money(overview.units)}
        </span>
        <dl className="fund-hero__figures">
          <div>
            <dt>{t('fund.latestYield')}</dt>
            <dd data-testid="fund-latest-yield">
              <Pnl value={overview.latestYield} />
            </dd>
          </div>
          <div>
            <dt>{t('fund.totalYield')}</dt>
            <dd data-testid="fund-total-yield">
              <Pnl value={overview.totalYield} />
            </dd>
          </div>
        </dl>
        {overview.redeemingPayableOn !== null && (
          <p className="form__hint" data-testid="fund-redeeming">
            {t('fund.redeeming', { units: money(overview.redeeming), date: overview.redeemingPayableOn })}
          </p>
        )}
        <div className="fund-hero__actions">
          <Button onClick={() => onTrade('subscribe')} testId="fund-subscribe">
            {t('fund.subscribe')}
          </Button>
          <Button variant="ghost" onClick={() => onTrade('redeem')} testId="fund-redeem">
            {t('fund.redeem')}
          </Button>
        </div>
      </section>
      <section className="card fund-facts">
        <dl className="fund-facts__grid">
          <div>
            <dt>{t('fund.annualised7d')}</dt>
            <dd data-testid="fund-annualised">{day ? formatRate(day.annualised7d) : '--'}</dd>
          </div>
          <div>
            <dt>{t('fund.per10k')}</dt>
            <dd data-testid="fund-per10k">{day ? formatPrice(day.yieldPer10k) : '--'}</dd>
          </div>
          <div>
            <dt>{t('fund.nav')}</dt>
            <dd data-testid="fund-nav">{formatPrice(overview.nav)}</dd>
          </div>
        </dl>
        {overview.recentDays.length > 0 ? (
          <table className="fund-days" data-testid="fund-days">
            <caption>{t('fund.recent')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('fund.date')}</th>
                <th scope="col">{t('fund.per10k')}</th>
                <th scope="col">{t('fund.annualised7d')}</th>
              </tr>
            </thead>
            <tbody>
              {[...overview.recentDays].reverse().map((d) => (
                <tr key={d.date}>
                  <td>{d.date}</td>
                  <td>{formatPrice(d.yieldPer10k)}</td>
                  <td>{formatRate(d.annualised7d)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="form__hint">{t('fund.noDays')}</p>
        )}
        <p className="form__hint fund-facts__rule">{t('fund.rule')}</p>
        <p className="form__hint fund-facts__rule">{t('fund.confirmRule')}</p>
      </section>
    </>
  );
}

/** Pages of a list answered as { items, page, total }. */
function pagesOf<T>(
  load: (page: number, signal: AbortSignal) => Promise<{ items: T[]; page: number; total: number }>,
) {
  return async (page: number | undefined, signal: AbortSignal) => {
    const answer = await load(page ?? 1, signal);
    const loaded = (answer.page - 1) * FUND_PAGE_SIZE + answer.items.length;
    return { items: answer.items, next: loaded < answer.total ? answer.page + 1 : null };
  };
}

function YieldList() {
  const { t } = useTranslation();
  const list = usePagedList<FundYield, number>(pagesOf(fetchFundYields));
  return (
    <PagedList list={list} empty={t('fund.emptyYields')} emptyTestId="fund-yields-empty">
      <ul className="card line-list" data-testid="fund-yields">
        {list.items.map((y) => (
          <li key={y.date} className="line-item fund-line" data-testid="fund-yield">
            <div className="fund-line__main">
              <span>{y.date}</span>
              <Pnl value={y.paid} />
            </div>
            <p className="fund-line__detail">
              {t('fund.yieldLine', {
                basis: money(y.basis),
                per10k: formatPrice(y.yieldPer10k),
                annualised: y.annualised7d,
              })}
            </p>
          </li>
        ))}
      </ul>
    </PagedList>
  );
}

function HistoryList() {
  const { t } = useTranslation();
  const list = usePagedList<FundOperation, number>(pagesOf(fetchFundHistory));
  return (
    <PagedList list={list} empty={t('fund.emptyHistory')} emptyTestId="fund-history-empty">
      <ul className="card line-list" data-testid="fund-history">
        {list.items.map((op) => (
          <li key={op.id} className="line-item fund-line" data-testid="fund-operation" data-kind={op.kind}>
            <div className="fund-line__main">
              <span>{t(`fund.kinds.${op.kind}`)}</span>
              <Pnl value={op.units} />
            </div>
            <p className="fund-line__detail">
              <span>{formatDate(op.createdAt)}</span>
              <span>{t('fund.unitsAfter', { units: money(op.unitsAfter) })}</span>
            </p>
            {op.payableOn !== null && (
              <p className="fund-line__detail" data-testid="fund-operation-deferred">
                {t('fund.deferredLine', { units: money(op.deferred), date: op.payableOn })}
              </p>
            )}
          </li>
        ))}
      </ul>
    </PagedList>
  );
}

/** `/personCenter/money`: the cash fund — units held, yields, the fund's rates; subscribe and redeem. */
export function CashFundScreen() {
  const { t } = useTranslation();
  const [overview, reload] = useLoad((signal) => fetchFundOverview(signal), []);
  const [trading, setTrading] = useState<FundTradeKind>();
  const [tab, setTab] = useState<'yields' | 'history'>('yields');
  // A finished trade starts the lists again.
  const [generation, setGeneration] = useState(0);
  const known = dataOf(overview);
  return (
    <Screen nav={{ title: t('routes.cashFund') }}>
      <LoadingOr state={overview} onRetry={reload}>
        {(data) => <Overview overview={data} onTrade={setTrading} />}
      </LoadingOr>
      <Segmented
        options={(['yields', 'history'] as const).map((value) => ({ value, label: t(`fund.tabs.${value}`) }))}
        value={tab}
        onChange={setTab}
        label={t('fund.tabsLabel')}
        testId="fund-tab"
      />
      <div className="fund-list" key={`${tab}-${generation}`}>
        {tab === 'yields' ? <YieldList /> : <HistoryList />}
      </div>
      {trading && known ? (
        <TradeSheet
          kind={trading}
          overview={known}
          onDone={() => {
            reload();
            setGeneration((g) => g + 1);
          }}
          onClose={() => setTrading(undefined)}
        />
      ) : null}
    </Screen>
  );
}
