import type { quoteLineSchema } from '@bourse/shared';
import type { z } from 'zod';
import { usePrice } from './format.ts';

/** One bought or to-be-bought spec: picture, name, spec, unit price × quantity; `as` the list item or a plain row. */
export function OrderLine({
  line,
  as: Tag = 'div',
}: {
  line: z.infer<typeof quoteLineSchema>;
  as?: 'li' | 'div';
}) {
  const price = usePrice();
  return (
    <Tag className="checkout-line">
      <img src={line.imageUrl} alt="" width={56} height={56} />
      <span className="checkout-line__name">
        {line.name}
        <small>{line.specLabel}</small>
      </span>
      <span>{`${price(line.unitPrice)} × ${line.quantity}`}</span>
    </Tag>
  );
}
