import { loadFeature } from '../../app/lazyFeatures.ts';
import reducer, { type AccountState } from './accountSlice.ts';
import { accountSaga } from './accountSaga.ts';

// The account state arrives with the data page's code (see app/lazyFeatures.ts).
declare module '../../app/store.ts' {
  interface LazyLoadedSlices {
    account: AccountState;
  }
}

loadFeature({ name: 'account', reducer, saga: accountSaga });
