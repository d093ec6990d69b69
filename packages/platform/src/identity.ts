/** The identity port: who is asking. Firebase Authentication (or its emulator) stands behind it. */
export interface AuthenticatedUser {
  uid: string;
  email: string | null;
  name: string | null;
  picture: string | null;
  /**
   * The operator console's role, from the ID token's custom claim `role` (granted with
   * `npm run ops:grant`): `operator` reads and acts, `support` reads. Absent for everyone else.
   */
  role?: OperatorRole | null;
}

export const OPERATOR_ROLES = ['operator', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** The custom claim `role` when it names an operator role; null otherwise. */
export function operatorRoleOf(claim: unknown): OperatorRole | null {
  return OPERATOR_ROLES.find((role) => role === claim) ?? null;
}

export interface IdentityVerifier {
  /** Verifies an ID token; throws InvalidTokenError when it is malformed, expired or forged. */
  verify(idToken: string): Promise<AuthenticatedUser>;
  /**
   * Deletes the account for good (the member deleted it): its tokens are refused from then on.
   * An account that is already gone is no error. Absent: the identity service keeps accounts.
   */
  deleteAccount?(uid: string): Promise<void>;
}

export class InvalidTokenError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidTokenError';
  }
}
