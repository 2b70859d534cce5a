/** A stock's name over its code, the first column of every market list. */
export function NameCode({ name, symbol }: { name: string; symbol: string }) {
  return (
    <span className="name-code">
      <span className="name-code__name">{name}</span>
      <span className="name-code__code">{symbol}</span>
    </span>
  );
}
