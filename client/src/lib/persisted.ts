import type { PersistOptions, PersistStorage, StorageValue } from 'zustand/middleware';
import { logger } from './logger.ts';

/** The version persist writes now; a value written by hand before persist reads as version 0. */
const PERSIST_VERSION = 1;

function isPersistValue(value: unknown): value is StorageValue<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    'state' in value &&
    'version' in value &&
    typeof value.version === 'number'
  );
}

/**
 * localStorage for persist, under the keys the stores used before it: a value in persist's form
 * is read as it is; anything else there (a bare JSON list, a bare string) is what the store
 * wrote by hand, and comes back as version 0 with the raw text, for `fromLegacy` to read.
 * Storage never throws: private mode may refuse it, and then the state holds for this visit.
 */
function browserStorage<P>(): PersistStorage<P> {
  return {
    getItem(name) {
      let raw: string | null;
      try {
        raw = localStorage.getItem(name);
      } catch {
        return null;
      }
      if (raw === null) return null;
      try {
        const value: unknown = JSON.parse(raw);
        if (isPersistValue(value)) return value as StorageValue<P>;
      } catch {
        // Not JSON: a bare string written by hand.
      }
      return { state: raw as P, version: 0 };
    },
    setItem(name, value) {
      try {
        localStorage.setItem(name, JSON.stringify(value));
      } catch (error) {
        logger.warn(`${name}: not saved`, error);
      }
    },
    removeItem(name) {
      try {
        localStorage.removeItem(name);
      } catch (error) {
        logger.warn(`${name}: not removed`, error);
      }
    },
  };
}

export interface PersistedOptions<S, P> {
  /** The localStorage key. */
  name: string;
  /** The part of the state kept. */
  partialize: (state: S) => P;
  /** What is kept, from whatever is stored: a malformed value yields the defaults, never an error. */
  parse: (stored: unknown) => P;
  /** The raw text the store wrote there before persist (see browserStorage), in the kept part's shape, for `parse`. */
  fromLegacy: (raw: string) => unknown;
}

/** Options for zustand's persist: localStorage, old hand-written values migrated in place, malformed ones ignored. */
export function persisted<S, P>({
  name,
  partialize,
  parse,
  fromLegacy,
}: PersistedOptions<S, P>): PersistOptions<S, P> {
  return {
    name,
    version: PERSIST_VERSION,
    storage: browserStorage<P>(),
    partialize,
    migrate: (stored, version) =>
      parse(version === 0 && typeof stored === 'string' ? fromLegacy(stored) : stored),
    merge: (stored, current) => ({ ...current, ...parse(stored) }),
  };
}

/** JSON.parse that yields undefined for what is not JSON. */
export function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** `stored[key]` when what is stored is an object, for a parse to check. */
export function fieldOf(stored: unknown, key: string): unknown {
  return typeof stored === 'object' && stored !== null && key in stored
    ? (stored as Record<string, unknown>)[key]
    : undefined;
}
