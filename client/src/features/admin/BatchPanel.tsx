import type { AllotmentProgressView } from '@bourse/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../lib/http/ApiError.ts';
import { dataOf } from '../../lib/loadable.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { Button } from '../../shared-ui/Button.tsx';
import { LoadingOr } from '../../shared-ui/LoadingOr.tsx';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { fetchProgress, runBatch } from './adminApi.ts';

/** While a run is under way its progress is polled this often. */
export const PROGRESS_POLL_MS = 1_000;

/** A run has started and not finished: the issue is still awaiting its allotment after run 1. */
export const isRunning = (p: AllotmentProgressView): boolean =>
  p.status === 'awaiting_allotment' && p.run > 0;

function Figures({ progress }: { progress: AllotmentProgressView }) {
  const { t } = useTranslation('admin');
  const figure = (key: string, label: string, value: string) => (
    <div className="admin-batch__figure">
      <dt>{label}</dt>
      <dd data-testid={`batch-figure-${key}`}>{value}</dd>
    </div>
  );
  return (
    <>
      <progress
        className="admin-batch__bar"
        max={Math.max(progress.chunks, 1)}
        value={progress.doneChunks}
        aria-label={t('batch.chunks', { done: progress.doneChunks, total: progress.chunks })}
      />
      <dl className="admin-batch__figures">
        {figure(
          'run',
          t('batch.runLabel'),
          progress.run === 0 ? t('batch.notStarted') : String(progress.run),
        )}
        {figure(
          'chunks',
          t('batch.chunksLabel'),
          t('batch.chunks', { done: progress.doneChunks, total: progress.chunks }),
        )}
        {figure('subscriptions', t('batch.subscriptions'), progress.subscriptions.toLocaleString('en-US'))}
        {figure('numbers', t('batch.numbers'), progress.numbers.toLocaleString('en-US'))}
        {figure(
          'winners',
          t('batch.winners'),
          progress.drawnWinningNumbers === null
            ? t('batch.notDrawn')
            : t('batch.winnersFound', {
                found: progress.winningNumbers.toLocaleString('en-US'),
                drawn: progress.drawnWinningNumbers.toLocaleString('en-US'),
              }),
        )}
      </dl>
    </>
  );
}

/**
 * One issue's allotment batch: its latest run's progress, polled while the run is under way, and
 * the button that starts a run (or re-runs one that did not finish) while the issue awaits its draw.
 * `onSettled` hears when the issue moves on, so the list shows its new status.
 */
export function BatchPanel({ code, onSettled }: { code: string; onSettled: () => void }) {
  const { t } = useTranslation(['admin', 'ipo']);
  const [starting, setStarting] = useState(false);
  // Polling while a run is under way: one this panel started, or one found running.
  const [watching, setWatching] = useState(false);
  const watchingRef = useRef(false);
  const settledRef = useRef(onSettled);
  settledRef.current = onSettled;
  const [progress, reload] = useLoad((signal) => fetchProgress(code, signal), [code], {
    refreshMs: watching ? PROGRESS_POLL_MS : undefined,
  });
  const current = dataOf(progress);

  // Runs on each new answer only: a run watched until now that is over settles the issue.
  useEffect(() => {
    if (current === undefined) return;
    const running = isRunning(current);
    if (watchingRef.current && !running) settledRef.current();
    watchingRef.current = running;
    setWatching(running);
  }, [current]);

  const start = async () => {
    setStarting(true);
    try {
      const started = await runBatch(code);
      toast.success(t('batch.started', { run: started.run }));
      watchingRef.current = true;
      setWatching(true);
      reload();
    } catch (error) {
      toast.fail(messageOf(error));
    } finally {
      setStarting(false);
    }
  };

  return (
    <div className="admin-batch" data-testid="batch-panel" data-code={code}>
      <LoadingOr state={progress} onRetry={reload}>
        {(p) => (
          <>
            <p className="admin-batch__status">
              <span
                className={`ipo-status ipo-status--${p.status}`}
                data-testid="batch-status"
                data-status={p.status}
              >
                {t(`status.${p.status}`, { ns: 'ipo' })}
              </span>
              {watching ? <span className="admin-batch__live">{t('batch.live')}</span> : null}
            </p>
            <Figures progress={p} />
            {p.status === 'awaiting_allotment' ? (
              <Button block disabled={starting} onClick={() => void start()} testId="batch-run">
                {p.run === 0 ? t('batch.run') : t('batch.rerun')}
              </Button>
            ) : null}
          </>
        )}
      </LoadingOr>
    </div>
  );
}
