import { LOCALES } from '@bourse/shared';
import { describe, expect, it } from 'vitest';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const translation = import.meta.glob<Json>('./locales/*.json', { eager: true, import: 'default' });
const info = import.meta.glob<Json>('./locales/*/info.json', { eager: true, import: 'default' });
const ipo = import.meta.glob<Json>('./locales/*/ipo.json', { eager: true, import: 'default' });
const admin = import.meta.glob<Json>('./locales/*/admin.json', { eager: true, import: 'default' });
const store = import.meta.glob<Json>('./locales/*/store.json', { eager: true, import: 'default' });

/** Every leaf path ("a.b", "a.sections.0.heading"); arrays must match in length too. */
function leafPaths(node: Json, prefix = ''): string[] {
  if (node !== null && typeof node === 'object') {
    const entries = Array.isArray(node) ? node.map((v, i) => [String(i), v] as const) : Object.entries(node);
    return entries.flatMap(([key, value]) => leafPaths(value, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
}

function emptyLeaves(node: Json, prefix = ''): string[] {
  if (node !== null && typeof node === 'object') {
    const entries = Array.isArray(node) ? node.map((v, i) => [String(i), v] as const) : Object.entries(node);
    return entries.flatMap(([key, value]) => emptyLeaves(value, prefix ? `${prefix}.${key}` : key));
  }
  return typeof node === 'string' && node.trim() !== '' ? [] : [prefix];
}

function catalogue(files: Record<string, Json>, path: (locale: string) => string, locale: string): Json {
  const data = files[path(locale)];
  if (data === undefined) throw new Error(`missing catalogue ${path(locale)}`);
  return data;
}

const NAMESPACES = [
  { name: 'translation', files: translation, path: (l: string) => `./locales/${l}.json` },
  { name: 'info', files: info, path: (l: string) => `./locales/${l}/info.json` },
  { name: 'ipo', files: ipo, path: (l: string) => `./locales/${l}/ipo.json` },
  { name: 'admin', files: admin, path: (l: string) => `./locales/${l}/admin.json` },
  { name: 'store', files: store, path: (l: string) => `./locales/${l}/store.json` },
];

describe.each(NAMESPACES)('$name catalogues', ({ files, path }) => {
  const reference = leafPaths(catalogue(files, path, 'en')).sort();

  it('has one file per language and no other', () => {
    expect(Object.keys(files).sort()).toEqual(LOCALES.map(path).sort());
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s has exactly the keys of en', (locale) => {
    const keys = leafPaths(catalogue(files, path, locale)).sort();
    const missing = reference.filter((k) => !keys.includes(k));
    const extra = keys.filter((k) => !reference.includes(k));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(LOCALES)('%s has no empty text', (locale) => {
    expect(emptyLeaves(catalogue(files, path, locale))).toEqual([]);
  });

  it.each(LOCALES)('%s keeps the interpolations of en', (locale) => {
    const placeholders = (data: Json) =>
      leafPaths(data).map((key) => {
        const value = key
          .split('.')
          .reduce<Json>((node, part) => (node as Record<string, Json>)[part] as Json, data);
        return `${key}:${[...String(value).matchAll(/{{\s*(\w+)\s*}}|<(\w+)>/g)]
          .map((m) => m[1] ?? m[2])
          .sort()
          .join(',')}`;
      });
    expect(placeholders(catalogue(files, path, locale))).toEqual(placeholders(catalogue(files, path, 'en')));
  });
});
