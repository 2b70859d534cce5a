import { Dec } from '@bourse/shared';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';

/** "US$1,299.99" in the user's language: prices are USD strings, shown without floats. */
export function usePrice(): (amount: string) => string {
  const { t } = useTranslation('store');
  return (amount) => t('price', { amount: formatMoney(amount) });
}

/**
 * Figures shortened the way shop cards show them, rounded down so a shop never looks bigger
 * than it is: 9,999 → "9,999", 12,345 → "12.3k", 36,518,204.10 → "36.5M".
 */
export function compactFigure(value: number | string): string {
  const n = new Dec(value);
  if (n.lt(10_000)) return formatMoney(n.floor(), 0);
  if (n.lt(1_000_000)) return `${n.div(1_000).toDecimalPlaces(1, Dec.ROUND_DOWN).toFixed(1)}k`;
  return `${n.div(1_000_000).toDecimalPlaces(1, Dec.ROUND_DOWN).toFixed(1)}M`;
}
