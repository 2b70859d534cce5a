import type { InstrumentListing } from '@bourse/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useLoad } from '../../lib/useLoad.ts';
import { Icon } from '../../shared-ui/Icon.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { searchInstruments } from '../market/data/marketApi.ts';
import { LoadState } from '../market/LoadState.tsx';
import { MarketStatusBar } from '../market/MarketStatusBar.tsx';
import { useDebounced } from '../market/useDebounced.ts';
import { clearRecent, type RecentSearch, readRecent, rememberSearch } from './recentSearches.ts';
import '../market/market.css';

/** Typing settles this long before a request; each new request aborts the one before. */
export const SEARCH_DEBOUNCE_MS = 200;

/** Search by code, name or pinyin initials; a tap opens the stock and remembers it. */
export function SearchScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputId = useId();
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const [results, retry] = useLoad((signal) => searchInstruments(query, signal), [query], {
    enabled: query.length > 0,
  });
  const [recent, setRecent] = useState<RecentSearch[]>(readRecent);

  const open = (item: RecentSearch) => {
    setRecent(rememberSearch(item));
    void navigate(`/stockInfo/${item.symbol}`);
  };

  const found: InstrumentListing[] = results.status === 'success' ? results.data : [];
  const typing = text.trim() !== query;
  return (
    <Screen nav={{ title: t('routes.search') }} padded={false}>
      <MarketStatusBar />
      <div className="search-screen">
        <div className="search-box">
          <label htmlFor={inputId} className="visually-hidden">
            {t('search.label')}
          </label>
          <Icon name="search" size={20} />
          <input
            id={inputId}
            className="search-box__input"
            type="search"
            inputMode="search"
            autoComplete="off"
            autoCapitalize="characters"
            // biome-ignore lint/a11y/noAutofocus: the screen exists to type into this box
            autoFocus
            placeholder={t('search.placeholder')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={20}
            data-testid="search-input"
          />
        </div>
        {query === '' ? (
          recent.length > 0 ? (
            <section className="card search-recent" data-testid="search-recent">
              <div className="card__head">
                <h2 className="card__title">{t('search.recent')}</h2>
                <button
                  type="button"
                  className="card__more link-button"
                  onClick={() => {
                    clearRecent();
                    setRecent([]);
                  }}
                >
                  {t('search.clear')}
                </button>
              </div>
              <div className="search-recent__chips">
                {recent.map((item) => (
                  <button key={item.symbol} type="button" className="chip" onClick={() => open(item)}>
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
                  onClick={() => open(item)}
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
    </Screen>
  );
}
