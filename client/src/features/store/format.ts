import { formatMoney } from '@bourse/shared';
import { useTranslation } from 'react-i18next';

/** "US$1,299.99" in the user's language: prices are USD strings, shown without floats. */
export function usePrice(): (amount: string) => string {
  const { t } = useTranslation('store');
  return (amount) => t('price', { amount: formatMoney(amount) });
}

/** Counts shortened the way shop pages show them: 12,345 → "12.3k". */
export function compactCount(n: number): string {
  if (n < 10_000) return n.toLocaleString('en-US');
  if (n < 1_000_000) return `${(Math.floor(n / 100) / 10).toFixed(1)}k`;
  return `${(Math.floor(n / 100_000) / 10).toFixed(1)}M`;
}
