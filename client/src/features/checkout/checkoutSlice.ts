import { createSlice } from '@reduxjs/toolkit';

export interface CheckoutState {
  status: 'idle';
}

const initialState: CheckoutState = { status: 'idle' };

const checkoutSlice = createSlice({
  name: 'checkout',
  initialState,
  reducers: {},
});

export default checkoutSlice.reducer;
