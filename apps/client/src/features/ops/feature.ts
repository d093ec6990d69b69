import { loadFeature } from '../../app/lazyFeatures.ts';
import reducer, { type OpsState } from './opsSlice.ts';
import { opsSaga } from './opsSaga.ts';

// The operator console's state arrives with its page's code (see app/lazyFeatures.ts).
declare module '../../app/store.ts' {
  interface LazyLoadedSlices {
    ops: OpsState;
  }
}

loadFeature({ name: 'ops', reducer, saga: opsSaga });
