/**
 * The operator console's endpoints (docs/operations.md, "Operator console"): /api/ops, called
 * with the signed-in person's ID token; the server lets an `operator` act and `support` read.
 */
import type { Api, RequestOptions } from '../../api/http.ts';

export type OperatorRole = 'operator' | 'support';

export interface Whoami {
  via: 'token' | 'account';
  operator: string;
  uid: string | null;
  role: OperatorRole;
}

export interface ProjectorStatus {
  projector: string;
  generation: number;
  checkpoint: Record<string, number>;
  position: number;
  headPosition: number;
  lag: number;
  deadLetters: number;
  rebuilding: { generation: number; position: number } | null;
  replaying?: { fromPosition: number; position: number } | null;
}

export interface StreamEvent {
  id: string;
  streamId: string;
  streamVersion: number;
  position: number;
  type: string;
  occurredAt: string;
  actor: string | null;
  data: Record<string, unknown>;
}

export interface StreamPage {
  streamId: string;
  version: number;
  from?: number;
  limit?: number;
  events: StreamEvent[];
}

export interface UserStreams {
  user: string;
  searchedEvents: number;
  streams: Array<{ streamId: string; version: number; lastAt: string }>;
}

export interface DeadLetter {
  _id: string;
  projector: string;
  generation: number;
  eventId: string;
  position: number;
  type: string;
  streamId: string;
  event: StreamEvent;
  error: string;
  failedAt: string;
}

export interface DeadLetterOutcome {
  id: string;
  applied: boolean;
  error: string | null;
}

/** What a rebuild (into a new generation) or a replay (into the live one) did. */
export interface RebuildResult {
  projector: string;
  generation: number;
  previousGeneration?: number;
  fromPosition?: number;
  events: number;
  durationMs: number;
}

export interface Dispute {
  shipmentId: string;
  orderId: string;
  buyerId: string;
  sellerId: string;
  amountCents: number;
  items: Array<{ title: string; quantity: number }>;
  openedAt: string;
  deliveredAt: string | null;
  problem: { reason: string; text: string; reportedAt: string } | null;
}

const OPS = '/api/ops';
const part = encodeURIComponent;

export function opsApi(http: Api) {
  return {
    /** 200: who the server takes the caller for; 403: the account has no operator role. */
    whoami: () => http.get<Whoami>(`${OPS}/whoami`),
    status: () => http.get<{ projectors: ProjectorStatus[] }>(`${OPS}/status`),
    rebuild: (projector: string) => http.post<RebuildResult>(`${OPS}/rebuild`, { projector }),
    replay: (projector: string, fromPosition: number) =>
      http.post<RebuildResult>(`${OPS}/replay`, { projector, fromPosition }),
    stream: (streamId: string, from?: number, limit?: number) =>
      http.get<StreamPage>(
        `${OPS}/streams/${part(streamId)}${from === undefined ? '' : `?from=${from}&limit=${limit ?? 20}`}`,
      ),
    streamsOfUser: (uid: string) => http.get<UserStreams>(`${OPS}/streams?user=${part(uid)}`),
    deadLetters: () => http.get<{ deadLetters: DeadLetter[] }>(`${OPS}/dead-letters?limit=200`),
    resolveDeadLetter: (letter: DeadLetter, action: 'retry' | 'skip') =>
      http.post<DeadLetterOutcome>(
        `${OPS}/dead-letters/${part(letter.projector)}/${part(letter._id)}/${action}`,
        {},
      ),
    disputes: () => http.get<{ disputes: Dispute[] }>(`${OPS}/disputes`),
    settle: (shipmentId: string, outcome: 'buyer' | 'seller', options: RequestOptions) =>
      http.post<{ shipment: { shipmentId: string; status: string } }>(
        `${OPS}/disputes/${part(shipmentId)}/settle`,
        { outcome },
        options,
      ),
  };
}

export type OpsApi = ReturnType<typeof opsApi>;
