import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '@rewear/contracts';
import { familyOf, kindLabel, linkLabel } from './kinds.tsx';

describe('notification kinds in the centre', () => {
  it('gives every known kind a label of its own', () => {
    for (const kind of NOTIFICATION_KINDS) expect(kindLabel(kind), kind).not.toBe('');
    expect(kindLabel('shipped')).toBe('Shipped');
    expect(kindLabel('review_left')).toBe('New review');
    expect(familyOf('problem_reported')).toBe('trouble');
    // A payment refunded shows among the order's troubles, not as an alert.
    expect(kindLabel('payment_refunded')).toBe('Payment refunded');
    expect(familyOf('payment_refunded')).toBe('trouble');
  });

  it('shows a kind added later by its family and its own name', () => {
    expect(familyOf('offer_countered')).toBe('offer');
    expect(familyOf('new_message')).toBe('message');
    expect(familyOf('price_drop')).toBe('alert');
    expect(kindLabel('price_drop')).toBe('Price drop');
  });

  it('shows moderation kinds under their own family, linking to the notice or the reports', () => {
    expect(familyOf('report_outcome')).toBe('moderation');
    expect(familyOf('moderation_decision')).toBe('moderation');
    expect(familyOf('appeal_decided')).toBe('moderation');
    expect(kindLabel('report_outcome')).toBe('Your report was decided');
    expect(kindLabel('appeal_decided')).toBe('Your appeal was decided');
    expect(linkLabel('/account/notices/d1')).toBe('View notice');
    expect(linkLabel('/account/reports')).toBe('View your reports');
  });

  it('says where the link goes', () => {
    expect(linkLabel('/order-confirmation/o1')).toBe('View order');
    expect(linkLabel('/sales')).toBe('View sales');
    expect(linkLabel('/sellers/u1')).toBe('View profile');
    expect(linkLabel('/somewhere')).toBe('View');
  });
});
