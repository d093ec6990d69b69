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
