import { useTranslation } from 'react-i18next';
import type { Loadable } from '../lib/loadable.ts';

/**
 * What a list shows while it has no rows: loading, the failure with a retry, or `empty` once
 * loaded. A failed refresh of a list that has rows shows nothing here: its rows stay.
 */
export function LoadState({
  state,
  onRetry,
  empty,
}: {
  state: Loadable<unknown>;
  onRetry?: () => void;
  empty: string;
}) {
  const { t } = useTranslation();
  switch (state.status) {
    case 'idle':
    case 'pending':
      return (
        <p className="load-state" role="status" data-testid="load-pending">
          <span className="spinner" aria-hidden="true" />
          {t('list.loading')}
        </p>
      );
    case 'error':
      return (
        <div className="load-state" role="alert" data-testid="load-error">
          <p>{state.error}</p>
          {onRetry ? (
            <button type="button" className="link-button" onClick={onRetry}>
              {t('error.retry')}
            </button>
          ) : null}
        </div>
      );
    case 'success':
      return (
        <p className="load-state" data-testid="load-empty">
          {empty}
        </p>
      );
  }
}
