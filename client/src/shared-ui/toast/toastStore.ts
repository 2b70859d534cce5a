import { create } from 'zustand';

/** How long a toast stays, as the spec says; loading toasts stay until closed. */
export const TOAST_DURATION_MS = 1200;

export type ToastKind = 'info' | 'success' | 'fail' | 'loading';

export interface ToastItem {
  /** Increases with every toast, so closing an old handle cannot close a newer toast. */
  id: number;
  kind: ToastKind;
  message: string;
}

interface ToastState {
  /** The toast on screen; a new toast replaces the previous one. */
  current: ToastItem | null;
}

export const useToastStore = create<ToastState>(() => ({ current: null }));

export interface ToastHandle {
  close(): void;
}

let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

function close(id: number): void {
  if (useToastStore.getState().current?.id !== id) return;
  clearTimeout(timer);
  useToastStore.setState({ current: null });
}

function show(kind: ToastKind, message: string, durationMs?: number): ToastHandle {
  const id = nextId++;
  clearTimeout(timer);
  useToastStore.setState({ current: { id, kind, message } });
  const duration = durationMs ?? (kind === 'loading' ? 0 : TOAST_DURATION_MS);
  if (duration > 0) timer = setTimeout(() => close(id), duration);
  return { close: () => close(id) };
}

/** Callable from anywhere (components, the HTTP client, route loaders). */
export const toast = {
  info: (message: string, durationMs?: number) => show('info', message, durationMs),
  success: (message: string, durationMs?: number) => show('success', message, durationMs),
  fail: (message: string, durationMs?: number) => show('fail', message, durationMs),
  /** Stays until its handle is closed (or another toast replaces it). */
  loading: (message: string) => show('loading', message, 0),
  clear(): void {
    clearTimeout(timer);
    useToastStore.setState({ current: null });
  },
};
