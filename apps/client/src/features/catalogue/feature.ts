import { loadFeature } from '../../app/lazyFeatures.ts';
import reducer from './catalogueSlice.ts';
import { catalogueSaga } from './catalogueSaga.ts';

// Evaluated with the first page that needs it: the catalogue state and saga join the store then.
loadFeature({ name: 'catalogue', reducer, saga: catalogueSaga });
