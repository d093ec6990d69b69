import { loadFeature } from '../../app/lazyFeatures.ts';
import reducer from './holidaySlice.ts';
import { holidaySaga } from './holidaySaga.ts';

// Evaluated with the holiday page: its state and saga join the store then.
loadFeature({ name: 'holiday', reducer, saga: holidaySaga });
