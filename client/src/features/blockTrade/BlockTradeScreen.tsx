import type { BlockTradeKind, Side } from '@bourse/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { DASH, formatMoney, formatPct, formatPrice, trendClass, trendOf } from '../../lib/format.ts';
import type { FieldErrors } from '../../lib/forms.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { Button } from '../../shared-ui/Button.tsx';
import { Field } from '../../shared-ui/Field.tsx';
import { Icon } from '../../shared-ui/Icon.tsx';
import { LoadingOr } from '../../shared-ui/LoadingOr.tsx';
import { NameCode } from '../../shared-ui/NameCode.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { Segmented } from '../../shared-ui/Segmented.tsx';
import { Sheet } from '../../shared-ui/Sheet.tsx';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { FormError, useFormSubmit } from '../../shared-ui/useFormSubmit.tsx';
import { useIdempotencyKey } from '../banking/index.ts';
import { PayPasswordSheet } from '../identity/index.ts';
import { MarketStatusBar, type Quote, useLiveQuote, useMarketStatus } from '../market/index.ts';
import { InstrumentSearch } from '../search/index.ts';
import { fetchAccount, fetchPositions, instrumentOf } from '../trade/index.ts';
import { type BlockField, blockTerms, liveCash, validateBlockOrder } from './blockForm.ts';
import { placeBlockOrder } from './blockTradeApi.ts';
import '../trade/trade.css';
import './blockTrade.css';

type Holdings = { available: string; sellable: Record<string, number> };

function StockButton({ symbol, quote, onOpen }: { symbol?: string; quote?: Quote; onOpen: () => void }) {
  const { t } = useTranslation();
  const trend = trendClass(trendOf(quote?.change));
  return (
    <button type="button" className="ticket-symbol" onClick={onOpen} data-testid="block-symbol">
      {symbol ? (
        <>
          <NameCode name={quote?.name ?? symbol} symbol={symbol} />
          <span className={`ticket-symbol__price ${trend}`}>{formatPrice(quote?.price)}</span>
          <span className={`ticket-symbol__pct ${trend}`}>
            {formatPct(quote?.pct, trendOf(quote?.change))}
          </span>
        </>
      ) : (
        <span className="ticket-symbol__choose">{t('blockTrade.chooseStock')}</span>
      )}
      <Icon name="search" size={20} />
    </button>
  );
}

function Line({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="block-line">
      <span>{label}</span>
      <span data-testid={testId}>{value}</span>
    </div>
  );
}

function BlockForm({
  symbol,
  quote,
  side,
  holdings,
}: {
  symbol: string;
  quote: Quote;
  side: Side;
  holdings: Holdings;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useMarketStatus();
  const keyFor = useIdempotencyKey();
  const [kind, setKind] = useState<BlockTradeKind>('intraday');
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState('');
  const [errors, setErrors] = useState<FieldErrors<BlockField>>({});
  const [confirming, setConfirming] = useState<ReturnType<typeof validateBlockOrder> & { ok: true }>();
  const { busy, failure, run } = useFormSubmit();
  const instrument = instrumentOf(quote);
  const tradingDate = status?.tradingDate ?? '';
  const ctx = {
    side,
    kind,
    quote,
    phase: status?.phase ?? null,
    tradingDate,
    available: holdings.available,
    sellable: holdings.sellable[symbol] ?? 0,
  };
  // After hours the only price is the close.
  const shownPrice = kind === 'afterHours' ? quote.price : price;
  const cash = liveCash({ price: shownPrice, quantity }, ctx);
  const terms = instrument && tradingDate ? blockTerms(instrument, quote, tradingDate) : null;

  const send = async (body: NonNullable<typeof confirming>['body'], payPassword?: string) => {
    await placeBlockOrder({ ...body, payPassword }, keyFor(body));
    toast.success(t('blockTrade.submitted'));
    void navigate('/shares/dzjy-record');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const validation = validateBlockOrder({ price: shownPrice, quantity }, ctx);
    setErrors(validation.ok ? {} : validation.errors);
    if (!validation.ok) return;
    if (side === 'buy') setConfirming(validation);
    else await run(() => send(validation.body));
  };

  return (
    <form className="card form block-form" onSubmit={submit} noValidate aria-label={t('routes.blockTrade')}>
      <Segmented
        options={(['intraday', 'afterHours'] as const).map((value) => ({
          value,
          label: t(`blockTrade.kind.${value}`),
        }))}
        value={kind}
        onChange={setKind}
        label={t('blockTrade.kindLabel')}
        testId="block-kind"
        inline
      />
      <Field
        label={t(kind === 'afterHours' ? 'blockTrade.closePrice' : 'blockTrade.price')}
        name="price"
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('blockTrade.pricePlaceholder')}
        value={shownPrice}
        onChange={setPrice}
        readOnly={kind === 'afterHours'}
        error={errors.price}
        data-testid="block-price"
      />
      {terms ? (
        <p className="form__hint" data-testid="block-range">
          {t('blockTrade.range', { down: terms.range.down.toFixed(2), up: terms.range.up.toFixed(2) })}
        </p>
      ) : null}
      <Field
        label={t('blockTrade.quantity')}
        name="quantity"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('blockTrade.quantityPlaceholder')}
        value={quantity}
        onChange={setQuantity}
        error={errors.quantity}
        data-testid="block-quantity"
      />
      {terms ? (
        <p className="form__hint" data-testid="block-minimum">
          {t('blockTrade.minimum', {
            shares: formatMoney(terms.minimum.shares, 0),
            amount: formatMoney(terms.minimum.amount, 0),
          })}
        </p>
      ) : null}
      <div className="block-lines">
        <Line
          label={t('blockTrade.amount')}
          value={cash ? formatMoney(cash.amount) : DASH}
          testId="block-amount"
        />
        <Line
          label={t('blockTrade.fees')}
          value={cash ? formatMoney(cash.fees.total) : DASH}
          testId="block-fees"
        />
        {side === 'buy' ? (
          <Line
            label={t('blockTrade.frozen')}
            value={cash ? formatMoney(cash.frozen) : DASH}
            testId="block-frozen"
          />
        ) : null}
      </div>
      <p className="form__hint" data-testid="block-holdings">
        {side === 'buy'
          ? t('blockTrade.available', { amount: formatMoney(holdings.available) })
          : t('blockTrade.sellable', { shares: formatMoney(ctx.sellable, 0) })}
      </p>
      <FormError message={errors.form ?? failure} />
      <Button type="submit" block disabled={busy} testId="block-submit">
        {t(side === 'buy' ? 'blockTrade.submitBuy' : 'blockTrade.submitSell')}
      </Button>
      {confirming ? (
        <PayPasswordSheet
          summary={t('blockTrade.summaryBuy', {
            quantity: formatMoney(confirming.body.quantity, 0),
            name: quote.name,
            price: formatPrice(confirming.body.price),
            amount: formatMoney(confirming.cash.frozen),
          })}
          onConfirm={(payPassword) => send(confirming.body, payPassword)}
          onClose={() => setConfirming(undefined)}
        />
      ) : null}
    </form>
  );
}

/** `/shares/dzjy`: a block order: the stock, buy or sell, intraday or after hours at the close. */
export function BlockTradeScreen() {
  const { t } = useTranslation();
  // A link may name the stock and side (?symbol=604000&side=sell), as the trade ticket's does.
  const [params] = useSearchParams();
  const asked = params.get('symbol');
  const [side, setSide] = useState<Side>(params.get('side') === 'sell' ? 'sell' : 'buy');
  const [symbol, setSymbol] = useState(asked && /^\d{6}$/.test(asked) ? asked : undefined);
  const [picking, setPicking] = useState(false);
  const quote = useLiveQuote(symbol);
  const [holdings, reload] = useLoad(async (signal): Promise<Holdings> => {
    const [account, positions] = await Promise.all([fetchAccount(signal), fetchPositions(signal)]);
    return {
      available: account.available,
      sellable: Object.fromEntries(positions.map((p) => [p.symbol, p.sellableQuantity])),
    };
  }, []);
  return (
    <Screen
      nav={{
        title: t('routes.blockTrade'),
        right: (
          <Link to="/shares/dzjy-record" className="link-button" data-testid="block-records-link">
            {t('blockTrade.records')}
          </Link>
        ),
      }}
      padded={false}
    >
      <MarketStatusBar />
      <div className="trade-screen block-screen">
        <Segmented
          options={(['buy', 'sell'] as const).map((value) => ({
            value,
            label: t(`blockTrade.side.${value}`),
          }))}
          value={side}
          onChange={setSide}
          label={t('blockTrade.sideLabel')}
          testId="block-side"
        />
        <div className="trade-screen__body">
          <StockButton symbol={symbol} quote={quote} onOpen={() => setPicking(true)} />
          {symbol && quote ? (
            <LoadingOr state={holdings} onRetry={reload}>
              {(loaded) => (
                <BlockForm
                  key={`${symbol}:${side}`}
                  symbol={symbol}
                  quote={quote}
                  side={side}
                  holdings={loaded}
                />
              )}
            </LoadingOr>
          ) : (
            <div className="empty">
              <p>{t('blockTrade.chooseHint')}</p>
              <Button variant="ghost" onClick={() => setPicking(true)} testId="block-choose">
                {t('blockTrade.chooseStock')}
              </Button>
            </div>
          )}
          <p className="form__hint block-hint">{t('blockTrade.hint')}</p>
        </div>
      </div>
      {picking ? (
        <Sheet
          title={t('blockTrade.chooseStock')}
          onClose={() => setPicking(false)}
          tall
          testId="symbol-picker"
        >
          <InstrumentSearch
            onPick={(item) => {
              setPicking(false);
              setSymbol(item.symbol);
            }}
          />
        </Sheet>
      ) : null}
    </Screen>
  );
}
