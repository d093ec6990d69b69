import { loadFeature } from '../../app/lazyFeatures.ts';
import reducer from './messagesSlice.ts';
import { messagesSaga } from './messagesSaga.ts';

// Evaluated with the messages pages, a product page or My Sales: the state and saga join then.
loadFeature({ name: 'messages', reducer, saga: messagesSaga });
