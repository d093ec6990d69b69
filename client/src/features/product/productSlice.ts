import { createSlice } from '@reduxjs/toolkit';

const productSlice = createSlice({ name: 'product', initialState: { status: 'idle' as const }, reducers: {} });

export default productSlice.reducer;
