import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { goBack } from './goBack.ts';
import { Icon } from './Icon.tsx';

export interface NavBarProps {
  /** The screen's title; a translated placeholder when absent. */
  title?: string;
  /** Back button, on by default. */
  showBack?: boolean;
  /** Replaces the default back action (history back, or /home when there is no history). */
  onBack?: () => void;
  /** Content of the left slot, after the back button. */
  left?: ReactNode;
  /** Content of the right slot; with onRightClick it becomes a button. */
  right?: ReactNode;
  onRightClick?: () => void;
  /** Accessible name of the right button when its content is an icon. */
  rightLabel?: string;
}

export function NavBar({
  title,
  showBack = true,
  onBack,
  left,
  right,
  onRightClick,
  rightLabel,
}: NavBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const text = title ?? t('navBar.defaultTitle');

  useEffect(() => {
    document.title = `${text} · ${t('app.name')}`;
  }, [text, t]);

  const back = () => {
    if (onBack) onBack();
    else goBack(navigate, '/home');
  };

  return (
    <header className="nav-bar">
      <div className="nav-bar__side nav-bar__left">
        {showBack ? (
          <button type="button" className="nav-bar__button" onClick={back} aria-label={t('navBar.back')}>
            <Icon name="back" />
          </button>
        ) : null}
        {left}
      </div>
      <h1 className="nav-bar__title" data-testid="page-title">
        {text}
      </h1>
      <div className="nav-bar__side nav-bar__right">
        {right !== undefined && onRightClick ? (
          <button type="button" className="nav-bar__button" onClick={onRightClick} aria-label={rightLabel}>
            {right}
          </button>
        ) : (
          right
        )}
      </div>
    </header>
  );
}
