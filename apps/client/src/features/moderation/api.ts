/** The moderation endpoints (docs/api.md, "Reports and moderation"). */
import type { Api, RequestOptions } from '../../api/http.ts';
import type {
  AppealBody,
  AppealDecisionBody,
  CaseView,
  DecisionAnswer,
  DecisionBody,
  DecisionView,
  MyReport,
  NoticesAnswer,
  ReportBody,
  ReportReceived,
} from './types.ts';

const segment = encodeURIComponent;

export function moderationApi(http: Api) {
  return {
    /** 201; 409 already reported; 404 unknown target; 400 oneself; 429 too many. Visitors too. */
    report: (body: ReportBody, options: RequestOptions) =>
      http.post<ReportReceived>('/api/reports', body, options),
    /** Open cases, oldest first (moderators). */
    queue: () => http.get<{ cases: CaseView[] }>('/api/moderation/queue'),
    /** Open appeals, oldest first (moderators). */
    appeals: () => http.get<{ appeals: DecisionView[] }>('/api/moderation/appeals'),
    decide: (caseId: string, body: DecisionBody, options: RequestOptions) =>
      http.post<DecisionAnswer>(
        `/api/moderation/cases/${segment(caseId)}/decisions`,
        body,
        options,
      ),
    decideAppeal: (decisionId: string, body: AppealDecisionBody, options: RequestOptions) =>
      http.post<DecisionAnswer>(
        `/api/moderation/appeals/${segment(decisionId)}/decide`,
        body,
        options,
      ),
    /** The decisions that affect the signed-in member, newest first, and their standing. */
    notices: () => http.get<NoticesAnswer>('/api/notices'),
    decision: (decisionId: string) =>
      http.get<DecisionView>(`/api/decisions/${segment(decisionId)}`),
    appeal: (decisionId: string, body: AppealBody, options: RequestOptions) =>
      http.post<DecisionAnswer>(`/api/decisions/${segment(decisionId)}/appeal`, body, options),
    myReports: () => http.get<{ reports: MyReport[] }>('/api/reports/mine'),
  };
}

export type ModerationApi = ReturnType<typeof moderationApi>;
