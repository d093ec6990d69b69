import { loadFeature } from '../../app/lazyFeatures.ts';
import reducer from './listingsSlice.ts';
import { listingsSaga } from './listingsSaga.ts';

// Evaluated with the first page that needs it: the listings state and saga join the store then.
loadFeature({ name: 'listings', reducer, saga: listingsSaga });
