import { describe, expect, it } from 'vitest';
import { emptyShipping, validateShipping } from './shipping.ts';

const filled = {
  name: 'Ada',
  address: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  email: 'ada@example.com',
};

describe('validateShipping', () => {
  it('accepts a form with every field filled', () => {
    expect(validateShipping(filled)).toBeNull();
  });

  it.each(['name', 'address', 'city', 'state', 'zip', 'email'] as const)(
    'asks for a blank %s',
    (field) => {
      expect(validateShipping({ ...filled, [field]: '   ' })).toBe(`Please fill in your ${field}`);
    },
  );

  it('reports the first missing field in the spec order', () => {
    expect(validateShipping(emptyShipping('ada@example.com'))).toBe('Please fill in your name');
  });
});
