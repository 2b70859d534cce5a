import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router-dom';
import type { RouteHandle } from '../../app/routeTypes.ts';
import { Screen } from '../../shared-ui/Screen.tsx';
import { InfoArticle } from './InfoArticle.tsx';
import { INFO_PAGES, type InfoPage } from './infoPages.ts';

function isInfoPage(id: string | undefined): id is InfoPage {
  return (INFO_PAGES as readonly string[]).includes(id ?? '');
}

/** /helpForNewbies, /marketClock, /tradingRules, /userAgreement, /privacyAgreement, /aboutUs. */
export function InfoScreen() {
  const { t } = useTranslation();
  const id = (useMatches().at(-1)?.handle as RouteHandle | undefined)?.id;
  const page: InfoPage = isInfoPage(id) ? id : 'aboutUs';
  return (
    <Screen nav={{ title: t(`routes.${page}`) }}>
      <InfoArticle page={page} />
    </Screen>
  );
}
