import { loadFeature } from '../../app/lazyFeatures.ts';
import reducer from './productSlice.ts';
import { productSaga } from './productSaga.ts';

// Evaluated with the first page that needs it: the product state and saga join the store then.
loadFeature({ name: 'product', reducer, saga: productSaga });
