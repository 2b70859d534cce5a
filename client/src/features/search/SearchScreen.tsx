import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Screen } from '../../shared-ui/Screen.tsx';
import { MarketStatusBar } from '../market/index.ts';
import { InstrumentSearch } from './InstrumentSearch.tsx';

/** Search by code, name or pinyin initials; a tap opens the stock and remembers it. */
export function SearchScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Screen nav={{ title: t('routes.search') }} padded={false}>
      <MarketStatusBar />
      <InstrumentSearch onPick={(item) => void navigate(`/stockInfo/${item.symbol}`)} />
    </Screen>
  );
}
