import { useToastStore } from './toastStore.ts';

/** Renders the one toast of the store; mount once, inside the app frame. */
export function ToastHost() {
  const current = useToastStore((s) => s.current);
  if (!current) return null;
  return (
    <div className="toast-layer">
      <div
        key={current.id}
        className={`toast toast--${current.kind}`}
        role={current.kind === 'fail' ? 'alert' : 'status'}
        aria-live={current.kind === 'fail' ? 'assertive' : 'polite'}
        data-testid="toast"
      >
        {current.kind === 'loading' ? <span className="toast__spinner" aria-hidden="true" /> : null}
        <span className="toast__text">{current.message}</span>
      </div>
    </div>
  );
}
