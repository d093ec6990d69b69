/** `/shipments/:shipmentId/review`: a shipment's reviews on a page of their own, for its buyer and seller. */
import { Link, useParams } from 'react-router-dom';
import ShipmentReview from './ShipmentReview.tsx';

export default function ShipmentReviewPage() {
  const { shipmentId = '' } = useParams();
  return (
    <div className="container shipment-review-page">
      <h1>Your order&rsquo;s review</h1>
      <ShipmentReview shipmentId={shipmentId} />
      <p>
        <Link to="/orders">Back to your orders</Link>
      </p>
    </div>
  );
}
