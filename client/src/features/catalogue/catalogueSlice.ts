import { createSlice } from '@reduxjs/toolkit';

const catalogueSlice = createSlice({ name: 'catalogue', initialState: { status: 'idle' as const }, reducers: {} });

export default catalogueSlice.reducer;
