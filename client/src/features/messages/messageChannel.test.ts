import type { MessageView } from '@bourse/shared';
import { describe, expect, it, vi } from 'vitest';
import { FakeMarketSocket } from '../../test/fakeMarketSocket.ts';
import { MessageChannel } from './messageChannel.ts';

const message: MessageView = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'verificationResult',
  params: { status: 'passed' },
  read: false,
  createdAt: '2026-07-10T02:15:00.000Z',
  marketAt: '2026-07-10T02:15:00.000Z',
};

function channel() {
  const socket = new FakeMarketSocket();
  const deps = {
    createSocket: vi.fn(() => socket),
    receive: vi.fn(),
    recount: vi.fn(),
    reset: vi.fn(),
    logger: { warn: vi.fn(), error: vi.fn() },
  };
  return { socket, deps, channel: new MessageChannel(deps) };
}

describe('MessageChannel', () => {
  it('connects for a session and recounts the unread on every connect', () => {
    const { socket, deps, channel: c } = channel();
    c.bind('tok');
    expect(socket.connects).toBe(1);
    socket.open();
    socket.drop();
    socket.open();
    expect(deps.recount).toHaveBeenCalledTimes(2);
  });

  it('counts the unread at once on a shared socket that is open already', () => {
    const { socket, deps, channel: c } = channel();
    socket.open();
    c.bind('tok');
    expect(deps.recount).toHaveBeenCalledTimes(1);
  });

  it('hands on messages that keep the contract and logs the rest', () => {
    const { socket, deps, channel: c } = channel();
    c.bind('tok');
    socket.serverSends('message', message);
    socket.serverSends('message', { ...message, read: 'no' });
    expect(deps.receive.mock.calls).toEqual([[message]]);
    expect(deps.logger.error).toHaveBeenCalledTimes(1);
  });

  it('reconnects after the server drops it, but not after logout', () => {
    const { socket, deps, channel: c } = channel();
    c.bind('tok');
    socket.open();
    socket.drop('io server disconnect');
    expect(socket.connects).toBe(2);
    c.bind('');
    expect(socket.disconnects).toBe(1);
    expect(deps.reset).toHaveBeenCalledTimes(2);
    socket.serverSends('message', message);
    socket.drop('io server disconnect');
    expect(deps.receive).not.toHaveBeenCalled();
    expect(socket.connects).toBe(2);
  });

  it('makes one socket for the life of the app', () => {
    const { deps, channel: c } = channel();
    c.bind('a');
    c.bind('');
    c.bind('b');
    expect(deps.createSocket).toHaveBeenCalledTimes(1);
  });
});
