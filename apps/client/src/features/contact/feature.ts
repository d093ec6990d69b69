import { loadFeature } from '../../app/lazyFeatures.ts';
import reducer, { type ContactState } from './contactSlice.ts';
import { contactSaga } from './contactSaga.ts';

// The contact state arrives with the contact page's code (see app/lazyFeatures.ts).
declare module '../../app/store.ts' {
  interface LazyLoadedSlices {
    contact: ContactState;
  }
}

loadFeature({ name: 'contact', reducer, saga: contactSaga });
