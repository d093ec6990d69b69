/** Holiday mode's state: the seller's holiday as last read, and the form's step. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { HolidayBody, HolidayStatus } from '@rewear/contracts';

export interface HolidayState {
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  holiday: HolidayStatus['holiday'];
  saving: boolean;
  error: string | null;
}

const initialState: HolidayState = { status: 'idle', holiday: null, saving: false, error: null };

const slice = createSlice({
  name: 'holiday',
  initialState,
  reducers: {
    holidayRequested(state) {
      state.status = 'loading';
    },
    holidayLoaded(state, action: PayloadAction<HolidayStatus>) {
      state.status = 'loaded';
      state.holiday = action.payload.holiday;
    },
    holidayFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    holidaySetRequested(state, _action: PayloadAction<HolidayBody>) {
      state.saving = true;
      state.error = null;
    },
    holidayEndRequested(state) {
      state.saving = true;
      state.error = null;
    },
    holidaySaved(state) {
      state.saving = false;
    },
    holidaySaveFailed(state, action: PayloadAction<string>) {
      state.saving = false;
      state.error = action.payload;
    },
  },
});

export const {
  holidayRequested,
  holidayLoaded,
  holidayFailed,
  holidaySetRequested,
  holidayEndRequested,
  holidaySaved,
  holidaySaveFailed,
} = slice.actions;
export default slice.reducer;

export const selectHoliday = (state: { holiday: HolidayState }) => state.holiday;
