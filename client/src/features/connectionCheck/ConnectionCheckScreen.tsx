import { MARKET_NAMESPACE, USER_NAMESPACE } from '@bourse/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dataOf } from '../../lib/loadable.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { Button } from '../../shared-ui/Button.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { useMarketStore, useOpenMarketSocket } from '../market/index.ts';
import { useTradingChannel, useTradingStore } from '../trade/index.ts';
import { type ReportRow, reportRows, reportText } from './report.ts';
import { type ChannelProbe, runCheck } from './runCheck.ts';
import './connectionCheck.css';

/** The namespaces the app opens, each with its channel's state as the app's store holds it. */
const CHANNELS: readonly ChannelProbe[] = [
  { namespace: MARKET_NAMESPACE, state: () => useMarketStore.getState().connection },
  { namespace: USER_NAMESPACE, state: () => useTradingStore.getState().channel },
];

/** The report to select by hand, and why: the clipboard needs HTTPS, or the browser said no. */
function ManualCopy({ reason, text }: { reason: string; text: string }) {
  return (
    <section className="card check-manual" data-testid="check-manual">
      <p className="check-manual__reason" role="status">
        {reason}
      </p>
      <textarea
        className="check-manual__text"
        readOnly
        value={text}
        rows={text.split('\n').length}
        onFocus={(event) => event.currentTarget.select()}
        data-testid="check-report-text"
      />
    </section>
  );
}

function Rows({ rows }: { rows: ReportRow[] }) {
  return (
    <dl className="card check-rows" data-testid="check-rows">
      {rows.map((row) => (
        <div key={row.id} className="check-row" data-testid={`check-${row.id}`}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * `/test`: the connection check a user sends to support: round trips to the API and to each
 * socket namespace, the clock's skew against the server, and the app, language and browser.
 * The sockets are the app's own, kept open while the screen is shown.
 */
export function ConnectionCheckScreen() {
  const { t } = useTranslation();
  useOpenMarketSocket();
  useTradingChannel();
  const [check, runAgain] = useLoad((signal) => runCheck(CHANNELS, signal), []);
  const [manual, setManual] = useState<{ reason: string; text: string }>();
  const report = dataOf(check);
  const running = check.status === 'pending' || check.status === 'idle';

  const copy = async () => {
    if (!report) return;
    const text = reportText(report, t);
    // navigator.clipboard exists only on HTTPS (and localhost).
    if (!window.isSecureContext || !navigator.clipboard) {
      setManual({ reason: t('connection.copyNeedsHttps'), text });
      return;
    }
    try {
      await navigator.clipboard.writeText(text);
      setManual(undefined);
      toast.success(t('connection.copied'));
    } catch {
      setManual({ reason: t('connection.copyRefused'), text });
    }
  };

  return (
    <Screen nav={{ title: t('routes.test') }}>
      <p className="check-intro">{t('connection.intro')}</p>
      {running ? (
        <p className="check-running" role="status" data-testid="check-running">
          <span className="spinner" aria-hidden="true" />
          {t('connection.running')}
        </p>
      ) : null}
      {check.status === 'error' ? (
        <p className="form__error" role="alert">
          {check.error}
        </p>
      ) : null}
      {report ? <Rows rows={reportRows(report, t)} /> : null}
      <div className="check-actions">
        <Button block disabled={!report || running} onClick={() => void copy()} testId="check-copy">
          {t('connection.copy')}
        </Button>
        <Button
          variant="ghost"
          block
          disabled={running}
          onClick={() => {
            setManual(undefined);
            runAgain();
          }}
          testId="check-again"
        >
          {t('connection.again')}
        </Button>
      </div>
      {manual ? <ManualCopy reason={manual.reason} text={manual.text} /> : null}
    </Screen>
  );
}
