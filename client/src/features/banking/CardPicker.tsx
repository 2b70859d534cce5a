import type { BankCardView } from '@bourse/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../shared-ui/Icon.tsx';
import { Sheet } from '../../shared-ui/Sheet.tsx';
import { useBankName } from './useBankName.ts';
import './banking.css';

/** A bound card to send money to, chosen in a sheet. */
export function CardPicker({
  cards,
  value,
  onChange,
  error,
}: {
  cards: BankCardView[];
  value: string;
  onChange: (id: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const bankName = useBankName();
  const [open, setOpen] = useState(false);
  const chosen = cards.find((c) => c.id === value);
  const label = (card: BankCardView) =>
    t('bank.card.label', { bank: bankName(card.bank), tail: card.cardTail });
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <span className="field__label">{t('bank.transfer.card')}</span>
      <button type="button" className="card-picker" onClick={() => setOpen(true)} data-testid="transfer-card">
        <span>{chosen ? label(chosen) : t('bank.transfer.chooseCard')}</span>
        <Icon name="chevron" size={18} />
      </button>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      {open ? (
        <Sheet title={t('bank.transfer.chooseCard')} onClose={() => setOpen(false)} testId="card-sheet">
          <ul className="card-choices">
            {cards.map((card) => (
              <li key={card.id}>
                <button
                  type="button"
                  className="cell cell--choice"
                  aria-pressed={card.id === value}
                  onClick={() => {
                    onChange(card.id);
                    setOpen(false);
                  }}
                  data-testid="card-choice"
                >
                  <span className="cell__label">{label(card)}</span>
                  {card.id === value ? <Icon name="check" size={18} /> : null}
                </button>
              </li>
            ))}
          </ul>
        </Sheet>
      ) : null}
    </div>
  );
}
