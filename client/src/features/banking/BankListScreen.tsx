import type { BankCardView } from '@bourse/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { dataOf } from '../../lib/loadable.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { Button } from '../../shared-ui/Button.tsx';
import { LoadState } from '../../shared-ui/LoadState.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { Sheet } from '../../shared-ui/Sheet.tsx';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { BankCard } from './BankCard.tsx';
import { fetchCards, setDefaultCard, unbindCard } from './bankingApi.ts';
import { useBankName } from './useBankName.ts';
import './banking.css';

function UnbindSheet({
  card,
  onDone,
  onClose,
}: {
  card: BankCardView;
  onDone: (cards: BankCardView[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const bankName = useBankName();
  const [busy, setBusy] = useState(false);
  const unbind = async () => {
    setBusy(true);
    try {
      onDone(await unbindCard(card.id));
      toast.success(t('bank.list.unbound'));
      onClose();
    } catch {
      // The client has shown the refusal (a transfer in flight, say) as a toast.
      setBusy(false);
    }
  };
  return (
    <Sheet title={t('bank.list.unbindTitle')} onClose={onClose} testId="unbind-sheet">
      <p className="sheet__text">
        {t('bank.list.unbindText', { bank: bankName(card.bank), tail: card.cardTail })}
      </p>
      <div className="sheet__actions">
        <Button variant="ghost" onClick={onClose}>
          {t('bank.list.cancel')}
        </Button>
        <Button variant="danger" onClick={() => void unbind()} disabled={busy} testId="unbind-confirm">
          {t('bank.list.unbindConfirm')}
        </Button>
      </div>
    </Sheet>
  );
}

/** `/ucenter/bank-list`: the bound cards; set the default, unbind, or add one. */
export function BankListScreen() {
  const { t } = useTranslation();
  const [loaded, reload] = useLoad((signal) => fetchCards(signal), []);
  const [changed, setChanged] = useState<BankCardView[]>();
  const [unbinding, setUnbinding] = useState<BankCardView>();
  const cards = changed ?? dataOf(loaded);

  const makeDefault = async (card: BankCardView) => {
    try {
      setChanged(await setDefaultCard(card.id));
      toast.success(t('bank.list.defaultSet'));
    } catch {
      // Shown as a toast by the client.
    }
  };

  return (
    <Screen nav={{ title: t('routes.bankList') }}>
      {cards && cards.length > 0 ? (
        <ul className="bank-cards" data-testid="bank-cards">
          {cards.map((card) => (
            <BankCard key={card.id} card={card}>
              {card.isDefault ? null : (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => void makeDefault(card)}
                  data-testid="card-set-default"
                >
                  {t('bank.list.setDefault')}
                </button>
              )}
              <button
                type="button"
                className="link-button link-button--danger"
                onClick={() => setUnbinding(card)}
                data-testid="card-unbind"
              >
                {t('bank.list.unbind')}
              </button>
            </BankCard>
          ))}
        </ul>
      ) : (
        <LoadState state={loaded} onRetry={reload} empty={t('bank.list.empty')} />
      )}
      <Link className="button button--primary button--block" to="/ucenter/bank" data-testid="add-card">
        {t('bank.list.add')}
      </Link>
      {unbinding ? (
        <UnbindSheet card={unbinding} onDone={setChanged} onClose={() => setUnbinding(undefined)} />
      ) : null}
    </Screen>
  );
}
