import type { BankCardView } from '@bourse/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBankName } from './useBankName.ts';

/** A bound card as the lists show it: bank, masked number, holder, and the default mark. */
export function BankCard({ card, children }: { card: BankCardView; children?: ReactNode }) {
  const { t } = useTranslation();
  const bankName = useBankName();
  return (
    <li
      className={`bank-card bank-card--${card.bank.toLowerCase()}`}
      data-testid="bank-card"
      data-card={card.id}
    >
      <div className="bank-card__head">
        <span className="bank-card__bank">{bankName(card.bank)}</span>
        {card.isDefault ? (
          <span className="bank-card__default" data-testid="bank-card-default">
            {t('bank.card.default')}
          </span>
        ) : null}
      </div>
      <p className="bank-card__number">{card.cardMasked}</p>
      <p className="bank-card__holder">{card.holderName}</p>
      {children ? <div className="bank-card__actions">{children}</div> : null}
    </li>
  );
}
