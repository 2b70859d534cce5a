import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dataOf, type Loadable } from '../lib/loadable.ts';

/** The screen's content once its data is there; before, loading or the failure with Retry. */
export function LoadingOr<T>({
  state,
  onRetry,
  children,
}: {
  state: Loadable<T>;
  onRetry: () => void;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const data = dataOf(state);
  if (data !== undefined) return children(data);
  if (state.status === 'error') {
    return (
      <div className="identity-state" role="alert" data-testid="load-error">
        <p>{state.error}</p>
        <button type="button" className="link-button" onClick={onRetry}>
          {t('error.retry')}
        </button>
      </div>
    );
  }
  return (
    <p className="identity-state" role="status" data-testid="load-pending">
      {t('list.loading')}
    </p>
  );
}
