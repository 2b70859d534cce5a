import type { InstrumentListing } from '@bourse/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../lib/useDebounced.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { LoadState } from '../../shared-ui/LoadState.tsx';
import { SearchBox } from '../../shared-ui/SearchBox.tsx';
import { searchInstruments } from '../market/index.ts';
import { clearRecent, type RecentSearch, rememberSearch, useRecentSearches } from './recentSearches.ts';
import './search.css';

/** Typing settles this long before a request; each new request aborts the one before. */
export const SEARCH_DEBOUNCE_MS = 200;

/**
 * Search by code, name or pinyin initials, with the recent picks while the box is empty. A tap
 * remembers the stock and hands it to `onPick`: the search screen opens it, the order ticket
 * trades it.
 */
export function InstrumentSearch({ onPick }: { onPick: (item: RecentSearch) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const [results, retry] = useLoad((signal) => searchInstruments(query, signal), [query], {
    enabled: query.length > 0,
  });
  const recent = useRecentSearches((s) => s.recent);

  const pick = (item: RecentSearch) => {
    rememberSearch(item);
    onPick(item);
  };

  const found: InstrumentListing[] = results.status === 'success' ? results.data : [];
  const typing = text.trim() !== query;
  return (
    <div className="search-screen">
      <SearchBox
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        autoCapitalize="characters"
        value={text}
        onChange={setText}
        maxLength={20}
        data-testid="search-input"
      />
      {query === '' ? (
        recent.length > 0 ? (
          <section className="card search-recent" data-testid="search-recent">
            <div className="card__head">
              <h2 className="card__title">{t('search.recent')}</h2>
              <button type="button" className="card__more link-button" onClick={clearRecent}>
                {t('search.clear')}
              </button>
            </div>
            <div className="search-recent__chips">
              {recent.map((item) => (
                <button key={item.symbol} type="button" className="chip" onClick={() => pick(item)}>
                  {item.name}
                  <span className="chip__code">{item.symbol}</span>
                </button>
              ))}
            </div>
          </section>
        ) : (
          <p className="load-state">{t('search.hint')}</p>
        )
      ) : found.length > 0 ? (
        <ul className="card search-results" data-testid="search-results" aria-busy={typing}>
          {found.map((item) => (
            <li key={item.symbol}>
              <button
                type="button"
                className="search-result"
                onClick={() => pick(item)}
                data-testid="search-result"
              >
                <span className="search-result__name">
                  {item.name}
                  {item.isST ? <span className="tag">{t('search.st')}</span> : null}
                </span>
                <span className="search-result__code">{item.symbol}</span>
                <span className="search-result__initials">{item.initials}</span>
                <span className="search-result__board">{t(`market.boards.${item.board}`)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <LoadState state={results} onRetry={retry} empty={t('search.none', { query })} />
      )}
    </div>
  );
}
