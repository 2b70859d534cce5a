import { EventEmitter } from 'node:events';
import { DomainError } from '@bourse/shared';
import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { ConcurrencyLimit } from './concurrencyLimit.ts';

/** A response as the limit sees it: events, and a socket that may have gone. */
class FakeResponse extends EventEmitter {
  destroyed = false;
  socket: { destroyed: boolean } | null = { destroyed: false };

  /** The answer went out. */
  finish(): void {
    this.emit('finish');
    this.emit('close');
  }

  /** The client left before an answer. */
  hangUp(): void {
    this.destroyed = true;
    this.socket = { destroyed: true };
    this.emit('close');
  }
}

/** Sends requests through one of the limit's middlewares and records which were let on, in order. */
function harness(limit: ConcurrencyLimit) {
  const started: string[] = [];
  const refused: unknown[] = [];
  const responses = new Map<string, FakeResponse>();
  const send = (name: string, urgent = false) => {
    const res = new FakeResponse();
    responses.set(name, res);
    limit.admit(urgent)({} as Request, res as unknown as Response, (err?: unknown) => {
      if (err) refused.push(err);
      else started.push(name);
    });
    return res;
  };
  return { started, refused, send, res: (name: string) => responses.get(name)! };
}

describe('ConcurrencyLimit', () => {
  it('works on at most its limit at once and lets the others on in arrival order as places free', () => {
    const { started, send, res } = harness(new ConcurrencyLimit(2, 100));
    for (const name of ['a', 'b', 'c', 'd', 'e']) send(name);
    expect(started).toEqual(['a', 'b']);
    res('b').finish();
    expect(started).toEqual(['a', 'b', 'c']);
    res('a').finish();
    res('c').finish();
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('gives urgent requests places of their own: payments and refusals never wait for each other', () => {
    const { started, send, res } = harness(new ConcurrencyLimit(1, 100, 1));
    send('refusal 1');
    send('refusal 2');
    send('payment 1', true);
    send('payment 2', true);
    expect(started).toEqual(['refusal 1', 'payment 1']);
    res('refusal 1').finish();
    expect(started).toEqual(['refusal 1', 'payment 1', 'refusal 2']);
    res('payment 1').finish();
    expect(started).toEqual(['refusal 1', 'payment 1', 'refusal 2', 'payment 2']);
  });

  it('refuses with 503 common.unavailable once too many wait, and drops those whose client left', () => {
    const { started, refused, send, res } = harness(new ConcurrencyLimit(1, 2));
    send('a');
    send('b');
    send('c');
    send('d');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toBeInstanceOf(DomainError);
    expect((refused[0] as DomainError).key).toBe('common.unavailable');
    res('b').hangUp();
    res('a').finish();
    expect(started).toEqual(['a', 'c']);
  });

  it('gives a place back once whether the request leaves early, finishes or its client hangs up', () => {
    const limit = new ConcurrencyLimit(1, 100);
    const { started, send, res } = harness(limit);
    send('admitted checkout');
    send('b');
    send('c');
    limit.leave(res('admitted checkout') as unknown as Response);
    expect(started).toEqual(['admitted checkout', 'b']);
    // Its end later frees nothing more: b still holds the only place.
    res('admitted checkout').finish();
    res('admitted checkout').hangUp();
    expect(started).toEqual(['admitted checkout', 'b']);
    res('b').hangUp();
    expect(started).toEqual(['admitted checkout', 'b', 'c']);
  });
});
