import type { PriceAlertKind } from '@bourse/shared';
import type { TFunction } from 'i18next';
import { formatPrice } from '../../lib/format.ts';

export interface AlertCondition {
  kind: PriceAlertKind;
  level?: string | null;
  percent?: string | null;
}

/** What a price alert waits for, in the reader's language (the inbox message, the banner, the alert list): "Price ≥ 10.5", "Down ≥ 3%", "At limit-up". */
export function alertConditionText(t: TFunction, alert: AlertCondition): string {
  const level = alert.level ? formatPrice(alert.level) : '';
  return t(`alerts.conditions.${alert.kind}`, { level, percent: alert.percent ?? '' });
}
