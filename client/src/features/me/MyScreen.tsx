import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router-dom';
import type { RouteHandle, RouteId } from '../../app/routeTypes.ts';
import { currentLocale } from '../../i18n/index.ts';
import { Cell, CellGroup } from '../../shared-ui/Cell.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { UnreadBadge } from '../messages/index.ts';
import { AccountSummary } from '../portfolio/index.ts';
import { useSession } from '../session/index.ts';
import { CustomerServiceCell } from '../support/index.ts';
import { displayName, maskMobile } from './displayName.ts';

const SECTIONS: readonly {
  titleKey: 'my.trading' | 'my.funds' | 'my.store' | 'my.account' | 'my.help';
  links: [RouteId, string][];
}[] = [
  {
    titleKey: 'my.trading',
    links: [
      ['holding', '/ucenter/holding'],
      ['transaction', '/transaction'],
      ['historyPosition', '/historyPosition'],
      ['subscribe', '/ucenter/shengou'],
      ['priceAlerts', '/my/alerts'],
    ],
  },
  {
    titleKey: 'my.funds',
    links: [
      ['fastPayment', '/fastpayment'],
      ['transfer', '/ucenter/transfer'],
      ['bankList', '/ucenter/bank-list'],
      ['cashFund', '/personCenter/money'],
      ['moneyLog', '/personCenter/moneyLog'],
    ],
  },
  {
    titleKey: 'my.store',
    links: [
      ['storeBalance', '/store/balance'],
      ['orders', '/orders'],
      ['afterSale', '/store/refunds'],
      ['addresses', '/addresses'],
      ['myReviews', '/store/reviews'],
      ['merchant', '/store/merchant'],
    ],
  },
  {
    titleKey: 'my.account',
    links: [
      ['realName', '/realNameAuthentication'],
      ['payPassword', '/payPwd'],
      ['messages', '/messages'],
      ['settings', '/setting'],
    ],
  },
  {
    titleKey: 'my.help',
    links: [
      ['helpForNewbies', '/helpForNewbies'],
      ['tradingRules', '/tradingRules'],
      ['customerService', '/customerService'],
      ['test', '/test'],
      ['aboutUs', '/aboutUs'],
    ],
  },
];

function ProfileCard() {
  const { t } = useTranslation();
  const user = useSession((s) => s.userInfo);
  if (!user) {
    // The loaded card's rows, empty: what follows must not move when the user arrives.
    return (
      <div className="profile profile--loading" role="status" aria-busy="true">
        <span className="profile__avatar" aria-hidden="true" />
        <div className="profile__text" aria-hidden="true">
          <p className="profile__name holds-line" />
          <p className="profile__meta holds-line" />
          <span className="badge holds-line" />
        </div>
        <span className="visually-hidden">{t('my.loading')}</span>
      </div>
    );
  }
  const name = displayName(user, currentLocale());
  return (
    <section className="profile" data-testid="profile">
      {user.avatarUrl ? (
        <img className="profile__avatar" src={user.avatarUrl} alt="" />
      ) : (
        <span className="profile__avatar profile__avatar--initial" aria-hidden="true">
          {user.username.slice(0, 1)}
        </span>
      )}
      <div className="profile__text">
        <p className="profile__name" data-testid="profile-name">
          {name}
        </p>
        <p className="profile__meta">
          {t('my.accountLine', { account: user.account, mobile: maskMobile(user.mobile) })}
        </p>
        <span className="badge">{t('my.simulated')}</span>
      </div>
    </section>
  );
}

/** /my (with the tab bar) and /personCenter: who is logged in, the account live, and the way to every section. */
export function MyScreen() {
  const { t } = useTranslation();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const isTab = handle?.tabBar === true;
  const isAdmin = useSession((s) => s.userInfo?.role === 'admin');
  return (
    <Screen nav={{ title: t(isTab ? 'routes.my' : 'routes.personCenter'), showBack: !isTab }}>
      <ProfileCard />
      <AccountSummary />
      {SECTIONS.map((section) => (
        <CellGroup key={section.titleKey} title={t(section.titleKey)}>
          {section.links.map(([id, to]) =>
            id === 'customerService' ? (
              <CustomerServiceCell key={to} />
            ) : (
              <Cell
                key={to}
                label={t(`routes.${id}`)}
                to={to}
                value={id === 'messages' ? <UnreadBadge /> : undefined}
                testId={`my-link-${id}`}
              />
            ),
          )}
        </CellGroup>
      ))}
      {isAdmin ? (
        <CellGroup title={t('my.backOffice')}>
          <Cell label={t('routes.backOffice')} to="/admin" testId="my-link-backOffice" />
        </CellGroup>
      ) : null}
    </Screen>
  );
}
