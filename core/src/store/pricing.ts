import { Dec, DomainError } from '@bourse/shared';

/** A priced line as checkout sees it. */
export interface PricedLine {
  shopId: number;
  unitPrice: Dec;
  quantity: number;
}

export interface FreightRule {
  flat: Dec;
  /** Free from this shop subtotal; null: always the flat rate. */
  freeOver: Dec | null;
}

export interface Promo {
  code: string;
  kind: 'percent' | 'amount';
  value: Dec;
  minSpend: Dec;
  startsAt: Date;
  endsAt: Date;
  perUserLimit: number;
}

export interface ShopTotals {
  shopId: number;
  subtotal: Dec;
  freight: Dec;
  discount: Dec;
  total: Dec;
}

const cents = (d: Dec) => d.toDecimalPlaces(2, Dec.ROUND_HALF_UP);

/** A shop's freight: its flat rate, or nothing once the shop's subtotal reaches its threshold. */
export function freightFor(rule: FreightRule, subtotal: Dec): Dec {
  return rule.freeOver && subtotal.gte(rule.freeOver) ? new Dec(0) : rule.flat;
}

/**
 * Checks a promo code for a merchandise subtotal at `now`, with the shopper's earlier uses, and
 * answers its discount (never more than the subtotal); each refusal has its own message.
 */
export function promoDiscount(promo: Promo, subtotal: Dec, usedBefore: number, now: Date): Dec {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  if (now < promo.startsAt) throw new DomainError('promo.notStarted', { from: day(promo.startsAt) });
  if (now >= promo.endsAt) throw new DomainError('promo.expired', { until: day(promo.endsAt) });
  if (subtotal.lt(promo.minSpend))
    throw new DomainError('promo.minSpend', { min: promo.minSpend.toFixed(2) });
  if (usedBefore >= promo.perUserLimit) throw new DomainError('promo.usedUp', { limit: promo.perUserLimit });
  const off = promo.kind === 'percent' ? cents(subtotal.times(promo.value).div(100)) : promo.value;
  return Dec.min(off, subtotal);
}

/**
 * Splits a checkout's discount over its shops in proportion to their subtotals, each share
 * rounded down to the cent; the cents left over go one by one to the largest shops that can
 * take them, so the shares add up to the discount and no shop's share passes its subtotal.
 */
export function splitDiscount(subtotals: readonly Dec[], discount: Dec): Dec[] {
  const whole = subtotals.reduce((s, d) => s.plus(d), new Dec(0));
  if (discount.isZero() || whole.isZero()) return subtotals.map(() => new Dec(0));
  const shares = subtotals.map((s) => s.times(discount).div(whole).toDecimalPlaces(2, Dec.ROUND_DOWN));
  let left = discount.minus(shares.reduce((s, d) => s.plus(d), new Dec(0)));
  const bySize = subtotals.map((s, i) => ({ s, i })).sort((a, b) => b.s.comparedTo(a.s));
  const cent = new Dec('0.01');
  while (left.gt(0)) {
    const taker = bySize.find(({ s, i }) => shares[i]!.plus(cent).lte(s));
    if (!taker) break;
    shares[taker.i] = shares[taker.i]!.plus(cent);
    left = left.minus(cent);
  }
  return shares;
}

/** Totals per shop, in the order shops first appear in `lines`: subtotal, freight, the discount's share, total. */
export function priceByShop(
  lines: readonly PricedLine[],
  freight: ReadonlyMap<number, FreightRule>,
  discount: Dec,
): ShopTotals[] {
  const subtotals = new Map<number, Dec>();
  for (const l of lines)
    subtotals.set(l.shopId, (subtotals.get(l.shopId) ?? new Dec(0)).plus(l.unitPrice.times(l.quantity)));
  const shopIds = [...subtotals.keys()];
  const shares = splitDiscount(
    shopIds.map((id) => subtotals.get(id)!),
    discount,
  );
  return shopIds.map((shopId, n) => {
    const subtotal = subtotals.get(shopId)!;
    const shipping = freightFor(freight.get(shopId)!, subtotal);
    const share = shares[n]!;
    return {
      shopId,
      subtotal,
      freight: shipping,
      discount: share,
      total: subtotal.plus(shipping).minus(share),
    };
  });
}
