/** Reviews and public profiles' endpoints (docs/product.md §12). */
import type {
  ReviewBody,
  ReviewLeftAnswer,
  SellerProfile,
  ShipmentReviews,
} from '@rewear/contracts';
import type { Api, RequestOptions } from '../../api/http.ts';

const reviewPath = (shipmentId: string) =>
  `/api/shipments/${encodeURIComponent(shipmentId)}/review`;

export function reviewsApi(http: Api) {
  return {
    /** Public; 404 when nobody is known by that id. */
    sellerProfile: (uid: string) =>
      http.get<SellerProfile>(`/api/sellers/${encodeURIComponent(uid)}`),
    /** The shipment's buyer or seller only. */
    shipmentReviews: (shipmentId: string) =>
      http.get<ShipmentReviews>(`/api/shipments/${encodeURIComponent(shipmentId)}/reviews`),
    leaveReview: (shipmentId: string, body: ReviewBody, options?: RequestOptions) =>
      http.post<ReviewLeftAnswer>(reviewPath(shipmentId), body, options),
    editReview: (shipmentId: string, body: ReviewBody, options?: RequestOptions) =>
      http.put<ReviewLeftAnswer>(reviewPath(shipmentId), body, options),
  };
}

export type ReviewsApi = ReturnType<typeof reviewsApi>;
