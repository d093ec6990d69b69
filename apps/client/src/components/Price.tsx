import { discountPercent, formatPrice } from '@rewear/contracts';

export default function Price({
  price,
  originalPrice,
}: {
  price: number | string;
  originalPrice?: number | string | null;
}) {
  const current = Number(price);
  const original =
    originalPrice === null || originalPrice === undefined ? null : Number(originalPrice);
  const percent = discountPercent(current, original);
  return (
    <span className="price">
      <span className="price__current">{formatPrice(current)}</span>
      {percent > 0 && original !== null && (
        <>
          <s className="price__original" aria-label={`Original price ${formatPrice(original)}`}>
            {formatPrice(original)}
          </s>
          <span className="price__discount">{percent}% off</span>
        </>
      )}
    </span>
  );
}
