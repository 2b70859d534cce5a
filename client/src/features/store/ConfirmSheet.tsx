import { useTranslation } from 'react-i18next';
import { Button } from '../../shared-ui/Button.tsx';
import { Sheet } from '../../shared-ui/Sheet.tsx';

/** Asks before an action that cannot be taken back (cancel an order, confirm receipt, delete an address). */
export function ConfirmSheet({
  title,
  message,
  onConfirm,
  onClose,
}: {
  title: string;
  message: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('store');
  return (
    <Sheet title={title} onClose={onClose} testId="confirm-sheet">
      <p className="confirm-sheet__message">{message}</p>
      <div className="confirm-sheet__actions">
        <Button variant="ghost" onClick={onClose}>
          {t('confirm.no')}
        </Button>
        <Button
          onClick={() => {
            onClose();
            onConfirm();
          }}
          testId="confirm-yes"
        >
          {t('confirm.yes')}
        </Button>
      </div>
    </Sheet>
  );
}
