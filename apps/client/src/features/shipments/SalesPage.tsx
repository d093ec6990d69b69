/**
 * My Sales (docs/product.md §11): the signed-in seller's shipments with the actions open to them,
 * and their balance — pending (held until buyer protection ends) and available — with each movement.
 */
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { formatPrice, type SellerBalance } from '@rewear/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import OrderNumber from '../../components/OrderNumber.tsx';
import { formatOrderDate } from '../orders/orderGrouping.ts';
import { salesRequested, selectBalance, selectSales } from './shipmentsSlice.ts';
import { MOVEMENT_LABELS } from './shipmentStatus.ts';
import ShipmentCard from './ShipmentCard.tsx';
import BundleSettings from '../messages/BundleSettings.tsx';
import { selectUid } from '../auth/authSlice.ts';
import '../auth/account.css';
import '../orders/orders.css';
import './shipments.css';
import './feature.ts';

/** Signed as the balance sees it: held and released add, a refund takes away. */
function movementAmount(movement: SellerBalance['movements'][number]): string {
  return `${movement.kind === 'refunded' ? '−' : '+'}${formatPrice(movement.amount)}`;
}

function Balance() {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectBalance);
  const balance = state.balance;

  return (
    <section className="rw-card rw-balance" aria-labelledby="balance-title">
      <h2 id="balance-title">Balance</h2>
      {state.status === 'failed' && !balance ? (
        <div className="rw-alert rw-alert--error rw-shipment__error" role="alert">
          <span>{state.error}</span>
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => dispatch(salesRequested())}
          >
            Try again
          </button>
        </div>
      ) : !balance ? (
        <div className="rw-balance__totals" aria-busy="true">
          <div className="rw-skeleton" style={{ height: 64 }} />
          <div className="rw-skeleton" style={{ height: 64 }} />
        </div>
      ) : (
        <>
          <dl className="rw-balance__totals">
            <div>
              <dt>Pending</dt>
              <dd data-testid="balance-pending">{formatPrice(balance.pending)}</dd>
              <dd className="rw-muted rw-balance__hint">Held until buyers confirm</dd>
            </div>
            <div>
              <dt>Available</dt>
              <dd data-testid="balance-available">{formatPrice(balance.available)}</dd>
              <dd className="rw-muted rw-balance__hint">Released to you</dd>
            </div>
          </dl>
          <h3 className="rw-balance__subtitle">Movements</h3>
          {balance.movements.length === 0 ? (
            <p className="rw-muted">No money has moved yet.</p>
          ) : (
            <ul className="rw-balance__movements">
              {[...balance.movements].reverse().map((movement) => (
                <li key={`${movement.shipmentId}-${movement.kind}-${movement.at}`}>
                  <span>
                    <strong>{MOVEMENT_LABELS[movement.kind]}</strong>
                    <span className="rw-muted">
                      {' '}
                      · Order <OrderNumber id={movement.orderId} /> · {formatOrderDate(movement.at)}
                    </span>
                  </span>
                  <span className={`rw-balance__amount rw-balance__amount--${movement.kind}`}>
                    {movementAmount(movement)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

export default function SalesPage() {
  const dispatch = useAppDispatch();
  const sales = useAppSelector(selectSales);
  const uid = useAppSelector(selectUid);

  useEffect(() => {
    dispatch(salesRequested());
  }, [dispatch]);

  const loading = sales.status === 'idle' || sales.status === 'loading';

  return (
    <div className="rw-page container rw-sales">
      <div className="rw-sales__head">
        <div>
          <h1>My Sales</h1>
          <p className="rw-muted">Ship what you sold and follow your money</p>
        </div>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={loading}
          onClick={() => dispatch(salesRequested())}
        >
          Refresh
        </button>
      </div>

      <Balance />
      {uid && <BundleSettings uid={uid} />}

      <section className="rw-sales__list" aria-labelledby="sales-title">
        <h2 id="sales-title">
          Sales{sales.status === 'loaded' ? ` (${sales.shipments.length})` : ''}
        </h2>
        {loading && sales.shipments.length === 0 ? (
          <div className="rw-shipments" aria-busy="true" aria-label="Loading sales">
            <div className="rw-card rw-skeleton" style={{ height: 160 }} />
            <div className="rw-card rw-skeleton" style={{ height: 160 }} />
          </div>
        ) : sales.status === 'failed' && sales.shipments.length === 0 ? (
          <div className="rw-empty" role="alert">
            <h3>Something went wrong</h3>
            <p className="rw-muted">{sales.error}</p>
            <button
              type="button"
              className="button button--primary"
              onClick={() => dispatch(salesRequested())}
            >
              Try again
            </button>
          </div>
        ) : sales.shipments.length === 0 ? (
          <div className="rw-empty">
            <h3>No sales yet</h3>
            <p className="rw-muted">When a buyer pays for one of your listings, it appears here.</p>
            <Link to="/create-listing" className="button button--primary">
              List an item
            </Link>
          </div>
        ) : (
          <div className="rw-shipments">
            {sales.shipments.map((shipment) => (
              <ShipmentCard
                key={shipment.shipmentId}
                shipment={shipment}
                role="seller"
                title={`Order #${shipment.orderId}`}
                headingLevel={3}
              />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
