/** The identity port: who is asking. Firebase Authentication (or its emulator) stands behind it. */
export interface AuthenticatedUser {
  uid: string;
  email: string | null;
  name: string | null;
  picture: string | null;
}

export interface IdentityVerifier {
  /** Verifies an ID token; throws InvalidTokenError when it is malformed, expired or forged. */
  verify(idToken: string): Promise<AuthenticatedUser>;
}

export class InvalidTokenError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidTokenError';
  }
}
