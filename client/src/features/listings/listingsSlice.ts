import { createSlice } from '@reduxjs/toolkit';

export interface ListingsState {
  status: 'idle';
}

const initialState: ListingsState = { status: 'idle' };

const listingsSlice = createSlice({
  name: 'listings',
  initialState,
  reducers: {},
});

export default listingsSlice.reducer;
