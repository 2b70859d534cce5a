import type { BankCode } from '@bourse/shared';
import { useTranslation } from 'react-i18next';

/** A bank's name in the reader's language, from its code. */
export function useBankName(): (bank: BankCode | string) => string {
  const { t } = useTranslation();
  return (bank) => t(`bank.names.${bank as BankCode}`, { defaultValue: bank });
}
