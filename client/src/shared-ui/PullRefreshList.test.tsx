import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  LOAD_OFFSET,
  PULL_HEAD_HEIGHT,
  PullRefreshList,
  type PullRefreshListProps,
} from './PullRefreshList.tsx';

/** jsdom has no layout: give the scroller a height, a content height and a scroll position. */
function layout(el: HTMLElement, { scrollHeight, clientHeight, scrollTop }: Record<string, number>) {
  Object.defineProperty(el, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(el, 'clientHeight', { configurable: true, value: clientHeight });
  el.scrollTop = scrollTop ?? 0;
}

/** A deferred promise, to hold a load or refresh open. */
function deferred() {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(props: PullRefreshListProps) {
  const view = render(
    <PullRefreshList {...props}>
      <p>row</p>
    </PullRefreshList>,
  );
  const list = screen.getByTestId('pull-refresh-list');
  return { ...view, list };
}

const tall = { scrollHeight: 3000, clientHeight: 800, scrollTop: 0 };

function pull(list: HTMLElement, distance: number) {
  fireEvent.touchStart(list, { touches: [{ clientY: 100 }] });
  fireEvent.touchMove(list, { touches: [{ clientY: 100 + distance }] });
  fireEvent.touchEnd(list, { touches: [] });
}

describe('PullRefreshList', () => {
  it('uses the spec constants', () => {
    expect([PULL_HEAD_HEIGHT, LOAD_OFFSET]).toEqual([50, 300]);
  });

  it('loads when the bottom is within 300 px, and not before', () => {
    const onLoad = vi.fn(() => deferred().promise);
    const { list, rerender } = setup({ onLoad, finished: true });
    layout(list, tall);
    rerender(
      <PullRefreshList onLoad={onLoad}>
        <p>row</p>
      </PullRefreshList>,
    );
    expect(onLoad).not.toHaveBeenCalled();
    layout(list, { ...tall, scrollTop: 3000 - 800 - LOAD_OFFSET - 1 });
    fireEvent.scroll(list);
    expect(onLoad).not.toHaveBeenCalled();
    layout(list, { ...tall, scrollTop: 3000 - 800 - LOAD_OFFSET });
    fireEvent.scroll(list);
    expect(onLoad).toHaveBeenCalledOnce();
  });

  it('does not load again while a load is running, shows loading, then loads once more', async () => {
    const first = deferred();
    const onLoad = vi.fn().mockReturnValueOnce(first.promise).mockReturnValue(deferred().promise);
    const { list } = setup({ onLoad });
    expect(onLoad).toHaveBeenCalledOnce();
    fireEvent.scroll(list);
    fireEvent.scroll(list);
    expect(onLoad).toHaveBeenCalledOnce();
    expect(screen.getByText('Loading…')).toBeTruthy();
    await act(async () => first.resolve());
    expect(onLoad).toHaveBeenCalledTimes(2);
  });

  it('never loads when finished, and says no more', () => {
    const onLoad = vi.fn(() => deferred().promise);
    const { list } = setup({ onLoad, finished: true });
    fireEvent.scroll(list);
    expect(onLoad).not.toHaveBeenCalled();
    expect(screen.getByText('No more')).toBeTruthy();
  });

  it('stops after a failed load and retries on tap', async () => {
    const failed = deferred();
    const onLoad = vi.fn().mockReturnValueOnce(failed.promise).mockReturnValue(deferred().promise);
    const { list } = setup({ onLoad });
    await act(async () => failed.reject(new Error('offline')));
    fireEvent.scroll(list);
    expect(onLoad).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Loading failed. Tap to try again.' }));
    expect(onLoad).toHaveBeenCalledTimes(2);
  });

  it('refreshes on a pull past the 50 px head, showing refreshing until done', async () => {
    const refresh = deferred();
    const onRefresh = vi.fn(() => refresh.promise);
    const { list } = setup({ onRefresh, finished: true });
    layout(list, tall);
    fireEvent.touchStart(list, { touches: [{ clientY: 100 }] });
    fireEvent.touchMove(list, { touches: [{ clientY: 130 }] });
    expect(screen.getByText('Pull to refresh')).toBeTruthy();
    fireEvent.touchMove(list, { touches: [{ clientY: 100 + PULL_HEAD_HEIGHT }] });
    expect(screen.getByText('Release to refresh')).toBeTruthy();
    fireEvent.touchEnd(list, { touches: [] });
    expect(onRefresh).toHaveBeenCalledOnce();
    expect(screen.getByText('Refreshing…')).toBeTruthy();
    pull(list, 200);
    expect(onRefresh).toHaveBeenCalledOnce();
    await act(async () => refresh.resolve());
    expect(screen.queryByText('Refreshing…')).toBeNull();
  });

  it('does not refresh on a short pull, or when the list is scrolled down', () => {
    const onRefresh = vi.fn(() => deferred().promise);
    const { list } = setup({ onRefresh, finished: true });
    layout(list, tall);
    pull(list, PULL_HEAD_HEIGHT - 1);
    layout(list, { ...tall, scrollTop: 10 });
    pull(list, 400);
    expect(onRefresh).not.toHaveBeenCalled();
  });

  it('does not load while refreshing', async () => {
    const refresh = deferred();
    const onLoad = vi.fn(() => deferred().promise);
    const onRefresh = () => refresh.promise;
    const { list, rerender } = setup({ onRefresh, onLoad, finished: true });
    layout(list, tall);
    rerender(
      <PullRefreshList onRefresh={onRefresh} onLoad={onLoad}>
        <p>row</p>
      </PullRefreshList>,
    );
    pull(list, 100);
    expect(screen.getByText('Refreshing…')).toBeTruthy();
    layout(list, { ...tall, scrollTop: 2200 });
    fireEvent.scroll(list);
    expect(onLoad).not.toHaveBeenCalled();
    await act(async () => refresh.resolve());
    expect(onLoad).toHaveBeenCalledOnce();
  });
});
