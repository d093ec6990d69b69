/** The shipping form of the checkout (docs/product.md §5 Checkout). */
import type { ShippingInfo } from '@rewear/contracts';

export type { ShippingInfo };

export const SHIPPING_FIELDS: ReadonlyArray<{
  key: keyof ShippingInfo;
  label: string;
  autoComplete: string;
}> = [
  { key: 'name', label: 'Full name', autoComplete: 'name' },
  { key: 'email', label: 'Email', autoComplete: 'email' },
  { key: 'address', label: 'Address', autoComplete: 'street-address' },
  { key: 'city', label: 'City', autoComplete: 'address-level2' },
  { key: 'state', label: 'State', autoComplete: 'address-level1' },
  { key: 'zip', label: 'ZIP code', autoComplete: 'postal-code' },
];

/** The order the spec lists the fields in, which is the order their messages are checked in. */
const REQUIRED_ORDER: ReadonlyArray<keyof ShippingInfo> = [
  'name',
  'address',
  'city',
  'state',
  'zip',
  'email',
];

export const emptyShipping = (email = ''): ShippingInfo => ({
  name: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  email,
});

/** 'Please fill in your {field}' for the first blank field, or null when every field is filled. */
export function validateShipping(info: ShippingInfo): string | null {
  for (const field of REQUIRED_ORDER) {
    if (!info[field].trim()) return `Please fill in your ${field}`;
  }
  return null;
}

export function trimShipping(info: ShippingInfo): ShippingInfo {
  return {
    name: info.name.trim(),
    address: info.address.trim(),
    city: info.city.trim(),
    state: info.state.trim(),
    zip: info.zip.trim(),
    email: info.email.trim(),
  };
}
