/** The identity port: who is asking. Firebase Authentication (or its emulator) stands behind it. */
export interface AuthenticatedUser {
  uid: string;
  email: string | null;
  name: string | null;
  picture: string | null;
  /**
   * The account's role, from the ID token's custom claim `role` (granted with
   * `npm run ops:grant`): in the operator console `operator` reads and acts, `support` reads;
   * `moderator` decides reports and appeals (docs/product.md, "Reports and moderation") and is
   * no operator. Absent for everyone else.
   */
  role?: AccountRole | null;
}

export const OPERATOR_ROLES = ['operator', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** Every role the custom claim `role` may name: the operator console's and the moderators'. */
export const ACCOUNT_ROLES = [...OPERATOR_ROLES, 'moderator'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** The custom claim `role` when it names an operator role; null otherwise (a moderator too). */
export function operatorRoleOf(claim: unknown): OperatorRole | null {
  return OPERATOR_ROLES.find((role) => role === claim) ?? null;
}

/** The custom claim `role` when it names any role; null otherwise. */
export function accountRoleOf(claim: unknown): AccountRole | null {
  return ACCOUNT_ROLES.find((role) => role === claim) ?? null;
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
