import { loadFeature } from '../../app/lazyFeatures.ts';
import reducer from './ordersSlice.ts';
import { ordersSaga } from './ordersSaga.ts';

// Evaluated with the first page that needs it: the orders state and saga join the store then.
loadFeature({ name: 'orders', reducer, saga: ordersSaga });
