import { Dec, MONEY_LOG_TYPES, type MoneyLogLine, type MoneyLogType } from '@bourse/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { money, shares, tradePrice } from '../../lib/accountFormat.ts';
import { formatDate, formatDay } from '../../lib/date/formatDate.ts';
import { usePagedList } from '../../lib/usePagedList.ts';
import { PagedList } from '../../shared-ui/PagedList.tsx';
import { Pnl } from '../../shared-ui/Pnl.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { Segmented } from '../../shared-ui/Segmented.tsx';
import { fetchMoneyLog } from '../trade/index.ts';
import '../trade/trade.css';
import './portfolio.css';

type TypeFilter = 'all' | MoneyLogType;

interface Filters {
  type: TypeFilter;
  from: string;
  to: string;
}

export const MONEY_LOG_PAGE = 20;

function Line({ line }: { line: MoneyLogLine }) {
  const { t } = useTranslation();
  const fees = new Dec(line.commission).plus(line.stampDuty).plus(line.transferFee);
  return (
    <li className="line-item" data-testid="money-log-line" data-type={line.type}>
      <div className="log-line__main">
        <span className="log-line__type">{t(`portfolio.moneyLog.types.${line.type}`)}</span>
        {line.symbol ? <span className="log-line__symbol">{line.symbol}</span> : null}
        <span className="log-line__amount" data-testid="money-log-amount">
          <Pnl value={line.amount} />
        </span>
      </div>
      {line.symbol && line.price && line.quantity !== null ? (
        <p className="log-line__detail">
          {t('portfolio.moneyLog.trade', {
            quantity: shares(line.quantity),
            price: tradePrice(line.price, line.symbol),
            fees: money(fees.toFixed(2)),
          })}
        </p>
      ) : null}
      <div className="log-line__foot">
        <span>{formatDate(line.marketAt)}</span>
        <span>{t('portfolio.moneyLog.cashAfter', { cash: money(line.cash) })}</span>
      </div>
    </li>
  );
}

/**
 * A date field of the range; empty means open-ended. The browser's own date field writes the
 * day in the device's format (mm/dd/yyyy on a US phone whatever the app's language), so it sits
 * transparent over the day written the user's way, and still opens the native picker.
 */
function DateInput({
  label,
  value,
  min,
  max,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <span className="date-field">
        <span className={`date-field__text${value ? '' : ' date-field__text--empty'}`} aria-hidden="true">
          {value ? formatDay(value, i18n.language) : t('portfolio.moneyLog.anyDate')}
        </span>
        <input
          id={id}
          className="date-field__input"
          type="date"
          value={value}
          min={min || undefined}
          max={max || undefined}
          onChange={(e) => onChange(e.target.value)}
          // A click on the field's text part would only focus a segment on a desktop browser.
          onClick={(e) => e.currentTarget.showPicker?.()}
          data-testid={testId}
        />
      </span>
    </>
  );
}

/** The lines of one filter, page after page. A new filter mounts a new list (its key). */
function MoneyLogList({ filters }: { filters: Filters }) {
  const { t } = useTranslation();
  const list = usePagedList<MoneyLogLine, string>(async (cursor, signal) => {
    const page = await fetchMoneyLog(
      {
        type: filters.type === 'all' ? undefined : filters.type,
        from: filters.from || undefined,
        to: filters.to || undefined,
        cursor,
        limit: MONEY_LOG_PAGE,
      },
      signal,
    );
    return { items: page.items, next: page.nextCursor };
  });
  return (
    <PagedList list={list} empty={t('portfolio.moneyLog.empty')} emptyTestId="money-log-empty">
      <ul className="card line-list log-lines" data-testid="money-log">
        {list.items.map((line) => (
          <Line key={line.id} line={line} />
        ))}
      </ul>
    </PagedList>
  );
}

/** `/personCenter/moneyLog`: every line of the ledger that moved the cash, filtered by type and dates. */
export function MoneyLogScreen() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>({ type: 'all', from: '', to: '' });
  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));
  return (
    <Screen nav={{ title: t('routes.moneyLog') }} padded={false}>
      <div className="list-screen">
        <Segmented
          options={(['all', ...MONEY_LOG_TYPES] as const).map((value) => ({
            value,
            label: value === 'all' ? t('portfolio.moneyLog.all') : t(`portfolio.moneyLog.types.${value}`),
          }))}
          value={filters.type}
          onChange={(type) => set({ type })}
          label={t('portfolio.moneyLog.type')}
          testId="money-log-type"
        />
        <div className="date-range">
          {(['from', 'to'] as const).map((end) => (
            <DateInput
              key={end}
              label={t(`portfolio.moneyLog.${end}`)}
              value={filters[end]}
              min={end === 'to' ? filters.from : undefined}
              max={end === 'from' ? filters.to : undefined}
              onChange={(value) => set({ [end]: value })}
              testId={`money-log-${end}`}
            />
          ))}
          {filters.from || filters.to ? (
            <button type="button" className="link-button" onClick={() => set({ from: '', to: '' })}>
              {t('portfolio.moneyLog.clearDates')}
            </button>
          ) : null}
        </div>
        <div className="list-screen__list">
          <MoneyLogList key={`${filters.type}|${filters.from}|${filters.to}`} filters={filters} />
        </div>
      </div>
    </Screen>
  );
}
