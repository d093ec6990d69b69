/**
 * The shipment commands' path parameters and bodies (docs/product.md §11; camelCase, docs/api.md),
 * kept apart from the zod-free lifecycle rules of shipments.ts.
 */
import { z } from 'zod';
import { idParam } from './requests.ts';
import { PROBLEM_REASONS } from './shipments.ts';

export const shipmentParams = z.object({ shipmentId: idParam });
export const shipBody = z.object({
  carrier: z.string().trim().min(1, 'Please name the carrier').max(100),
  trackingNumber: z.string().trim().min(1, 'Please give the tracking number').max(100),
});
export const reportProblemBody = z.object({
  reason: z.enum(PROBLEM_REASONS, {
    error: `reason must be one of ${PROBLEM_REASONS.join(', ')}`,
  }),
  text: z.string().trim().max(1000, 'Please describe the problem in at most 1000 characters'),
});

/** Who a disputed shipment is settled for: the buyer (refunded) or the seller (paid). */
export const DISPUTE_OUTCOMES = ['buyer', 'seller'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];

// Body of the operators' POST /api/ops/disputes/{shipmentId}/settle.
export const settleDisputeBody = z.object({
  outcome: z.enum(DISPUTE_OUTCOMES, { error: 'outcome must be buyer or seller' }),
});
