/** The forms' checks agree with the routes' schemas: what one accepts, the other does, alike. */
import { describe, expect, it } from 'vitest';
import { reportProblemBody, shipBody } from '@rewear/contracts';
import { checkProblemForm, checkShipForm } from './shipmentForms.ts';

describe('checkShipForm', () => {
  const inputs = [
    { carrier: ' UPS ', trackingNumber: ' 1Z999 ' },
    { carrier: '', trackingNumber: '1Z999' },
    { carrier: 'UPS', trackingNumber: '   ' },
    { carrier: 'x'.repeat(101), trackingNumber: '1' },
    { carrier: 'x'.repeat(100), trackingNumber: 'y'.repeat(100) },
  ];
  it.each(inputs)('agrees with shipBody on %o', (input) => {
    const schema = shipBody.safeParse(input);
    const checked = checkShipForm(input);
    expect(checked.ok).toBe(schema.success);
    if (checked.ok && schema.success) expect(checked.body).toEqual(schema.data);
  });

  it("uses the schema's messages for missing fields", () => {
    const schema = shipBody.safeParse({ carrier: '', trackingNumber: '' });
    expect(schema.error?.issues.map((i) => i.message)).toEqual([
      'Please name the carrier',
      'Please give the tracking number',
    ]);
    expect(checkShipForm({ carrier: '', trackingNumber: '' })).toEqual({
      ok: false,
      errors: {
        carrier: 'Please name the carrier',
        trackingNumber: 'Please give the tracking number',
      },
    });
  });
});

describe('checkProblemForm', () => {
  const inputs = [
    { reason: 'damaged', text: ' Torn seam ' },
    { reason: 'not_received', text: '' },
    { reason: '', text: 'no reason chosen' },
    { reason: 'smells', text: '' },
    { reason: 'not_as_described', text: 'x'.repeat(1000) },
    { reason: 'not_as_described', text: 'x'.repeat(1001) },
  ];
  it.each(inputs)('agrees with reportProblemBody on %o', (input) => {
    const schema = reportProblemBody.safeParse(input);
    const checked = checkProblemForm(input);
    expect(checked.ok).toBe(schema.success);
    if (checked.ok && schema.success) expect(checked.body).toEqual(schema.data);
  });

  it("uses the schema's message for a text over 1000 characters", () => {
    const input = { reason: 'damaged', text: 'x'.repeat(1001) };
    expect(reportProblemBody.safeParse(input).error?.issues[0]?.message).toBe(
      'Please describe the problem in at most 1000 characters',
    );
    expect(checkProblemForm(input)).toEqual({
      ok: false,
      errors: { text: 'Please describe the problem in at most 1000 characters' },
    });
  });
});
