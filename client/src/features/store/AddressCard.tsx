import type { ShippingCountry, StoreAddress } from '@bourse/shared';
import { useTranslation } from 'react-i18next';

type Where = Pick<StoreAddress, 'country' | 'region' | 'detail'>;

/** Country · region · detailed address, the country in the reader's language. */
export function AddressWhere({ address }: { address: Where }) {
  const { t } = useTranslation('store');
  return (
    <>{`${t(`address.countries.${address.country as ShippingCountry}`)} · ${address.region} · ${address.detail}`}</>
  );
}

export function AddressCard({ address }: { address: StoreAddress }) {
  const { t } = useTranslation('store');
  return (
    <div className="address-card" data-testid="address-card">
      <p className="address-card__who">
        <strong>{address.addressee}</strong> <span>{address.mobile}</span>
        <span className="address-tag">{t(`address.tags.${address.tag}`)}</span>
        {address.isDefault ? (
          <span className="address-tag address-tag--default">{t('address.default')}</span>
        ) : null}
      </p>
      <p className="address-card__where">
        <AddressWhere address={address} />
      </p>
    </div>
  );
}
