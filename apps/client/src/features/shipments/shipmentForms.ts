/**
 * The ship and problem forms' checks, the same rules as the routes' schemas (`shipBody`,
 * `reportProblemBody` in @rewear/contracts) with the same messages. Written out rather than run
 * through zod so the account pages do not carry zod's runtime; shipmentForms.test.ts holds them
 * to the schemas.
 */
import { PROBLEM_REASONS, type ProblemReason } from '@rewear/contracts';
import type { ReportProblemBody, ShipBody } from './api.ts';

export const SHIP_FIELD_MAX = 100;
export const PROBLEM_TEXT_MAX = 1000;

export type Checked<Body, Field extends string> =
  { ok: true; body: Body } | { ok: false; errors: Partial<Record<Field, string>> };

export function checkShipForm(input: {
  carrier: string;
  trackingNumber: string;
}): Checked<Required<ShipBody>, 'carrier' | 'trackingNumber'> {
  const carrier = input.carrier.trim();
  const trackingNumber = input.trackingNumber.trim();
  const errors: Partial<Record<'carrier' | 'trackingNumber', string>> = {};
  if (!carrier) errors.carrier = 'Please name the carrier';
  else if (carrier.length > SHIP_FIELD_MAX) errors.carrier = `At most ${SHIP_FIELD_MAX} characters`;
  if (!trackingNumber) errors.trackingNumber = 'Please give the tracking number';
  else if (trackingNumber.length > SHIP_FIELD_MAX)
    errors.trackingNumber = `At most ${SHIP_FIELD_MAX} characters`;
  return Object.keys(errors).length
    ? { ok: false, errors }
    : { ok: true, body: { carrier, trackingNumber } };
}

export function checkProblemForm(input: {
  reason: string;
  text: string;
}): Checked<ReportProblemBody, 'reason' | 'text'> {
  const text = input.text.trim();
  const errors: Partial<Record<'reason' | 'text', string>> = {};
  if (!(PROBLEM_REASONS as readonly string[]).includes(input.reason))
    errors.reason = 'Please choose what is wrong';
  if (text.length > PROBLEM_TEXT_MAX)
    errors.text = `Please describe the problem in at most ${PROBLEM_TEXT_MAX} characters`;
  return Object.keys(errors).length
    ? { ok: false, errors }
    : { ok: true, body: { reason: input.reason as ProblemReason, text } };
}
