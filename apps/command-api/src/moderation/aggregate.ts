import { aggregateOf } from '../shared/decider.ts';
import { caseDecider, standingDecider } from '@rewear/features/moderation/decider';

/** A reported target's case: its reports, decisions and appeals (streams `case-<caseId>`). */
export const cases = aggregateOf(caseDecider, 'case');

/** A member's standing: the sanction in force (streams `standing-<uid>`). */
export const standings = aggregateOf(standingDecider, 'standing');
