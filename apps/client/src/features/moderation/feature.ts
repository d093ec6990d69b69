import { loadFeature } from '../../app/lazyFeatures.ts';
import reducer, { type ModerationState } from './moderationSlice.ts';
import { moderationSaga } from './moderationSaga.ts';

// Reports and moderation arrive with the code of their screens and dialog (see app/lazyFeatures.ts).
declare module '../../app/store.ts' {
  interface LazyLoadedSlices {
    moderation: ModerationState;
  }
}

loadFeature({ name: 'moderation', reducer, saga: moderationSaga });
