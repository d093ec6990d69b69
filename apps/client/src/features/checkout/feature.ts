import { loadFeature } from '../../app/lazyFeatures.ts';
import reducer from './checkoutSlice.ts';
import { checkoutSaga } from './checkoutSaga.ts';

// Evaluated with the first page that needs it: the checkout state and saga join the store then.
loadFeature({ name: 'checkout', reducer, saga: checkoutSaga });
