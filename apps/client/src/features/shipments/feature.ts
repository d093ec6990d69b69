import { loadFeature } from '../../app/lazyFeatures.ts';
import reducer from './shipmentsSlice.ts';
import { shipmentsSaga } from './shipmentsSaga.ts';

// Evaluated with My Sales or an order page: the shipments state and saga join the store then.
loadFeature({ name: 'shipments', reducer, saga: shipmentsSaga });
