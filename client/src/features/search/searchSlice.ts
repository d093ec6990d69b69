import { createSlice } from '@reduxjs/toolkit';

const searchSlice = createSlice({ name: 'search', initialState: { status: 'idle' as const }, reducers: {} });

export default searchSlice.reducer;
