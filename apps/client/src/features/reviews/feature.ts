import { loadFeature } from '../../app/lazyFeatures.ts';
import reducer from './reviewsSlice.ts';
import { reviewsSaga } from './reviewsSaga.ts';

// Evaluated with the first page that needs it: the reviews state and saga join the store then.
loadFeature({ name: 'reviews', reducer, saga: reviewsSaga });
