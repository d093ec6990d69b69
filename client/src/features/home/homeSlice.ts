import { createSlice } from '@reduxjs/toolkit';

const homeSlice = createSlice({ name: 'home', initialState: { status: 'idle' as const }, reducers: {} });

export default homeSlice.reducer;
