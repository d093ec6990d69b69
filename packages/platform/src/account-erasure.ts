/**
 * A projector that also erases a deleted account's personal data from its documents at once
 * (docs/security.md, "Personal data and account deletion"). A rebuild needs none of it (the
 * log then reads erased values); this keeps the live documents the same as a rebuild would.
 */
import type { EnvelopeOf, EventType } from '@rewear/contracts';
import type { Projector, ReadSide } from './projection.ts';

export function erasingOnAccountDeletion<T extends EventType>(
  projector: Projector<T>,
  erase: (event: EnvelopeOf<'AccountDeleted'>, target: ReadSide) => Promise<void>,
): Projector<T | 'AccountDeleted'> {
  return {
    ...projector,
    handles: [...projector.handles, 'AccountDeleted'],
    async apply(event, target) {
      if (event.type === 'AccountDeleted')
        return erase(event as EnvelopeOf<'AccountDeleted'>, target);
      return projector.apply(event as Parameters<Projector<T>['apply']>[0], target);
    },
  } as Projector<T | 'AccountDeleted'>;
}
