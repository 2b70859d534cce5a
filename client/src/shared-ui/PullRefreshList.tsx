import { type ReactNode, type TouchEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Pull distance (px) at which releasing refreshes, and the head's height while refreshing. */
export const PULL_HEAD_HEIGHT = 50;
/** Load more when the bottom of the content is this close (px) to the bottom of the view. */
export const LOAD_OFFSET = 300;

type PullStatus = 'idle' | 'pulling' | 'loosing' | 'refreshing';
type LoadStatus = 'idle' | 'loading' | 'error';

export interface PullRefreshListProps {
  /** Pull-to-refresh; the head shows 'refreshing' until the promise settles. */
  onRefresh?: () => Promise<unknown>;
  /** Infinite load; fires only when not finished and not already loading (or refreshing). */
  onLoad?: () => Promise<unknown>;
  /** No more items: shows 'no more' and stops loading. */
  finished?: boolean;
  children?: ReactNode;
  className?: string;
}

/** Pulling feels heavier the further it goes, like the native lists. */
function damp(delta: number): number {
  if (delta <= PULL_HEAD_HEIGHT) return delta;
  if (delta <= PULL_HEAD_HEIGHT * 2) return PULL_HEAD_HEIGHT + (delta - PULL_HEAD_HEIGHT) / 2;
  return PULL_HEAD_HEIGHT * 1.5 + (delta - PULL_HEAD_HEIGHT * 2) / 4;
}

export function PullRefreshList({
  onRefresh,
  onLoad,
  finished = false,
  children,
  className,
}: PullRefreshListProps) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const startY = useRef<number | null>(null);
  // Refs, not state, decide whether a load may start: two scroll events in one frame must not both fire.
  const busy = useRef(false);
  const [pull, setPull] = useState<{ status: PullStatus; distance: number }>({ status: 'idle', distance: 0 });
  const [load, setLoad] = useState<LoadStatus>('idle');

  const runLoad = useCallback(() => {
    if (!onLoad || busy.current) return;
    busy.current = true;
    setLoad('loading');
    onLoad().then(
      () => {
        busy.current = false;
        setLoad('idle');
      },
      () => {
        busy.current = false;
        setLoad('error');
      },
    );
  }, [onLoad]);

  const checkLoad = useCallback(() => {
    const el = scrollRef.current;
    if (!el || finished || load !== 'idle' || pull.status === 'refreshing') return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight <= LOAD_OFFSET) runLoad();
  }, [finished, load, pull.status, runLoad]);

  // After every change (first render, new items, a finished load) the view may still be short.
  useEffect(() => {
    checkLoad();
  });

  const onTouchStart = (event: TouchEvent) => {
    if (!onRefresh || pull.status === 'refreshing' || (scrollRef.current?.scrollTop ?? 0) > 0) return;
    startY.current = event.touches[0]?.clientY ?? null;
  };

  const onTouchMove = (event: TouchEvent) => {
    if (startY.current === null) return;
    const delta = (event.touches[0]?.clientY ?? startY.current) - startY.current;
    const distance = delta > 0 ? damp(delta) : 0;
    setPull({
      status: distance >= PULL_HEAD_HEIGHT ? 'loosing' : distance > 0 ? 'pulling' : 'idle',
      distance,
    });
  };

  const onTouchEnd = () => {
    if (startY.current === null) return;
    startY.current = null;
    if (pull.status !== 'loosing' || !onRefresh || busy.current) {
      setPull({ status: 'idle', distance: 0 });
      return;
    }
    busy.current = true;
    setPull({ status: 'refreshing', distance: PULL_HEAD_HEIGHT });
    const done = () => {
      busy.current = false;
      setPull({ status: 'idle', distance: 0 });
      setLoad('idle');
    };
    onRefresh().then(done, done);
  };

  const headText = {
    idle: '',
    pulling: t('list.pullToRefresh'),
    loosing: t('list.releaseToRefresh'),
    refreshing: t('list.refreshing'),
  }[pull.status];

  return (
    <div
      ref={scrollRef}
      className={`pull-list ${className ?? ''}`}
      onScroll={checkLoad}
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={onTouchEnd}
      onTouchCancel={onTouchEnd}
      data-testid="pull-refresh-list"
    >
      <div
        className="pull-list__track"
        style={{
          transform: `translateY(${pull.distance}px)`,
          transition: startY.current === null ? 'transform 0.2s' : 'none',
        }}
      >
        <div className="pull-list__head" style={{ height: PULL_HEAD_HEIGHT, marginTop: -PULL_HEAD_HEIGHT }}>
          <span aria-live="polite">{headText}</span>
        </div>
        {children}
        <div className="pull-list__foot">
          {finished ? <span>{t('list.noMore')}</span> : null}
          {!finished && load === 'loading' ? <span>{t('list.loading')}</span> : null}
          {!finished && load === 'error' ? (
            <button type="button" className="link-button" onClick={runLoad}>
              {t('list.loadFailed')}
            </button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
