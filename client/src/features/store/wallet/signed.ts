/** "+US$5.00" or "-US$5.00": a movement's sign before the price, which formats the magnitude. */
export function signed(amount: string, price: (amount: string) => string): string {
  const negative = amount.startsWith('-');
  return `${negative ? '-' : '+'}${price(negative ? amount.slice(1) : amount)}`;
}
