/**
 * A paid order's shipments, one per seller, with the buyer's actions (docs/product.md §11). Used
 * by My Orders and the order page; an order not paid has none, so nothing is read for it.
 */
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { orderShipmentsRequested, selectOrderShipments } from './shipmentsSlice.ts';
import ShipmentCard from './ShipmentCard.tsx';
import './shipments.css';
import './feature.ts';

interface Props {
  orderId: string;
  orderStatus: string;
  /** The section's heading level; the cards' headings sit one below. */
  headingLevel?: 2 | 3 | 4;
  /** Shown as a card of its own (the order page) rather than inside the order's card. */
  card?: boolean;
}

export default function OrderShipments({
  orderId,
  orderStatus,
  headingLevel = 2,
  card = false,
}: Props) {
  const dispatch = useAppDispatch();
  const paid = orderStatus.toLowerCase() === 'paid';
  const list = useAppSelector(selectOrderShipments(orderId));

  useEffect(() => {
    if (paid) dispatch(orderShipmentsRequested({ orderId }));
  }, [dispatch, orderId, paid]);

  if (!paid) return null;
  const Heading = `h${headingLevel}` as const;
  const several = list.shipments.length > 1;

  return (
    <section
      className={card ? 'rw-card rw-order-shipments' : 'rw-order-shipments'}
      aria-label={`Shipments of order #${orderId}`}
    >
      <Heading className="rw-order-shipments__title">
        {several ? `Shipments (${list.shipments.length})` : 'Shipment'}
      </Heading>
      {list.status === 'failed' && list.shipments.length === 0 ? (
        <div className="rw-alert rw-alert--error rw-shipment__error" role="alert">
          <span>{list.error}</span>
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => dispatch(orderShipmentsRequested({ orderId }))}
          >
            Try again
          </button>
        </div>
      ) : list.shipments.length === 0 ? (
        <p className="rw-muted" aria-busy={list.status !== 'loaded'}>
          {list.status === 'loaded'
            ? 'Shipping details will appear here shortly.'
            : 'Loading shipping details...'}
        </p>
      ) : (
        <div className="rw-shipments">
          {list.shipments.map((shipment, index) => (
            <ShipmentCard
              key={shipment.shipmentId}
              shipment={shipment}
              role="buyer"
              // Sellers are not named in a shipment; with several, number them.
              title={several ? `Package ${index + 1} of ${list.shipments.length}` : 'Your package'}
              headingLevel={headingLevel === 2 ? 3 : headingLevel === 3 ? 4 : 5}
            />
          ))}
        </div>
      )}
    </section>
  );
}
