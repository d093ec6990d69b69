import { Link } from 'react-router-dom';
import { formatPrice } from '@rewear/contracts';
import { useAppDispatch } from '../../app/hooks.ts';
import { addToCart, removeFromCart, type CartItem } from './cartSlice.ts';
import ProductImage from '../../components/ProductImage.tsx';

/** One cart line, shared by the drawer and the cart page (docs/product.md §2). */
export default function CartLineItem({
  line,
  onNavigate,
}: {
  line: CartItem;
  onNavigate?: () => void;
}) {
  const dispatch = useAppDispatch();
  const lineTotal = Math.round(line.price * line.quantity * 100) / 100;
  const href = `/products/${line.product_id}`;
  return (
    <li className="cart-line">
      <Link to={href} onClick={onNavigate} className="cart-line__image">
        <ProductImage
          product={{ image: line.image, photos: [] }}
          sizes="72px"
          alt={line.title}
          width={72}
          height={72}
          className="product-thumb"
        />
      </Link>
      <div className="cart-line__info">
        <Link to={href} onClick={onNavigate} className="cart-line__title">
          {line.title}
        </Link>
        <span className="muted">{line.brand_name}</span>
        <div className="stepper" role="group" aria-label={`Quantity of ${line.title}`}>
          <button
            type="button"
            aria-label={`Remove one ${line.title}`}
            disabled={line.quantity <= 1}
            onClick={() => dispatch(removeFromCart({ productId: line.product_id, quantity: 1 }))}
          >
            −
          </button>
          <span>{line.quantity}</span>
          <button
            type="button"
            aria-label={`Add one more ${line.title}`}
            disabled={line.stock !== undefined && line.stock > 0 && line.quantity >= line.stock}
            onClick={() => dispatch(addToCart({ product: line }))}
          >
            +
          </button>
        </div>
      </div>
      <div className="cart-line__totals">
        <strong>{formatPrice(lineTotal)}</strong>
        {line.quantity > 1 && <span className="muted">{formatPrice(line.price)} each</span>}
        <button
          type="button"
          className="icon-button cart-line__remove"
          aria-label={`Remove ${line.title} from cart`}
          onClick={() => dispatch(removeFromCart({ productId: line.product_id }))}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              d="M5 7h14M10 7V4h4v3M7 7l1 13h8l1-13"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
          </svg>
        </button>
      </div>
    </li>
  );
}
