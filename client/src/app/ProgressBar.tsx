import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router-dom';

type Phase = 'idle' | 'running' | 'done';

/** The thin bar at the top while the app is busy; it finishes with a quick sweep, never a spinner. */
export function ProgressLine({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>(busy ? 'running' : 'idle');
  useEffect(() => {
    if (busy) {
      setPhase('running');
      return;
    }
    setPhase((p) => (p === 'running' ? 'done' : p));
    const timer = setTimeout(() => setPhase('idle'), 300);
    return () => clearTimeout(timer);
  }, [busy]);
  if (phase === 'idle') return null;
  return (
    <div
      className={`progress progress--${phase}`}
      role="progressbar"
      aria-label={t('list.loading')}
      aria-busy={busy}
      data-testid="progress"
    />
  );
}

/** Runs during navigations: route loaders (the guard) and lazy screens. */
export function NavigationProgress() {
  const navigation = useNavigation();
  return <ProgressLine busy={navigation.state !== 'idle'} />;
}

/** What shows while the first screen's code and the guard are loading. */
export function BootProgress() {
  return <ProgressLine busy />;
}
