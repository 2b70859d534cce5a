/** The subscription form's check before it asks for the payment password: whole units within the quota. */
export type SharesCheck =
  | { ok: true; shares: number }
  | { ok: false; error: 'form.empty' | 'form.notWhole' | 'form.aboveMax'; params?: Record<string, number> };

export function checkShares(value: string, unitShares: number, maxShares: number): SharesCheck {
  const text = value.trim();
  if (text === '') return { ok: false, error: 'form.empty' };
  if (!/^\d+$/.test(text) || Number(text) === 0 || Number(text) % unitShares !== 0)
    return { ok: false, error: 'form.notWhole', params: { unit: unitShares } };
  const shares = Number(text);
  if (shares > maxShares) return { ok: false, error: 'form.aboveMax', params: { max: maxShares } };
  return { ok: true, shares };
}
