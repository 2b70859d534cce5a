import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon.tsx';

/**
 * A modal sheet rising from the bottom of the frame: a confirmation, a picker. It takes the
 * focus when it opens, unless a field in it asked for it; its close button, the backdrop and
 * Escape close it.
 */
export function Sheet({
  title,
  onClose,
  children,
  testId,
  tall,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
  /** Most of the screen's height (a list to choose from) rather than the height of its content. */
  tall?: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    // A field inside that took the focus as it mounted (autoFocus: the payment password, whose
    // keyboard should rise) keeps it; otherwise the sheet itself takes it.
    if (!dialog.current?.contains(document.activeElement)) dialog.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className="sheet-layer">
      <div className="sheet-backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`sheet${tall ? ' sheet--tall' : ''}`}
        data-testid={testId}
      >
        <div className="sheet__head">
          <h2 id={titleId} className="sheet__title">
            {title}
          </h2>
          <button type="button" className="sheet__close" onClick={onClose} aria-label={t('sheet.close')}>
            <Icon name="close" size={20} />
          </button>
        </div>
        <div className="sheet__body">{children}</div>
      </div>
    </div>
  );
}
