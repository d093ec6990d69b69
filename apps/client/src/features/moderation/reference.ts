/**
 * The moderation contract's fixed lists and limits (report reasons, community rules), from
 * @rewear/contracts' zod-free module, and a reason's words.
 */
import { MODERATION_LIMITS, REPORT_REASONS } from '@rewear/contracts';

export {
  COMMUNITY_RULES,
  REPORT_REASONS,
  type CommunityRuleId,
  type ReportReason,
} from '@rewear/contracts';

export const reasonLabel = (reason: string): string =>
  REPORT_REASONS.find((item) => item.id === reason)?.label ?? reason;

export const REPORT_TEXT_MAX = MODERATION_LIMITS.reportTextMax;
export const STATEMENT_WHAT_MAX = MODERATION_LIMITS.whatMax;
export const STATEMENT_WHY_MAX = MODERATION_LIMITS.whyMax;
export const APPEAL_TEXT_MIN = MODERATION_LIMITS.appealTextMin;
export const APPEAL_TEXT_MAX = MODERATION_LIMITS.appealTextMax;
export const OUTCOME_TEXT_MAX = MODERATION_LIMITS.outcomeTextMax;
export const SUSPEND_DAYS_MIN = MODERATION_LIMITS.suspendDaysMin;
export const SUSPEND_DAYS_MAX = MODERATION_LIMITS.suspendDaysMax;
