import { describe, expect, it } from 'vitest';
import { dataOf, failed, idle, isFirstLoad, type Loadable, pending, success } from './loadable.ts';

describe('Loadable', () => {
  it('starts idle with nothing to show', () => {
    const state = idle<number>();
    expect(state).toEqual({ status: 'idle' });
    expect(dataOf(state)).toBeUndefined();
    expect(isFirstLoad(state)).toBe(true);
  });

  it('keeps the previous data while pending and after a failure', () => {
    const loaded = success([1, 2]);
    const refreshing = pending(loaded);
    expect(refreshing).toEqual({ status: 'pending', data: [1, 2] });
    expect(isFirstLoad(refreshing)).toBe(false);
    const broken = failed('offline', refreshing);
    expect(broken).toEqual({ status: 'error', error: 'offline', data: [1, 2] });
    expect(dataOf(broken)).toEqual([1, 2]);
  });

  it('has no data key at all when there was nothing before', () => {
    expect(pending<number>()).toEqual({ status: 'pending' });
    expect('data' in pending<number>(idle())).toBe(false);
    expect('data' in failed<number>('x')).toBe(false);
  });

  it('narrows by status', () => {
    const describe = (state: Loadable<string>): string => {
      switch (state.status) {
        case 'idle':
          return 'idle';
        case 'pending':
          return `pending:${state.data ?? '-'}`;
        case 'success':
          return `ok:${state.data}`;
        case 'error':
          return `error:${state.error}`;
      }
    };
    expect([idle<string>(), pending(success('a')), success('b'), failed<string>('c')].map(describe)).toEqual([
      'idle',
      'pending:a',
      'ok:b',
      'error:c',
    ]);
  });
});
