/**
 * The identity port on Firebase Authentication: firebase-admin verifies ID tokens. When
 * FIREBASE_AUTH_EMULATOR_HOST is set, firebase-admin accepts the emulator's tokens (which the
 * emulator does not sign); we then also ask the emulator whether the account still exists and
 * the token was not revoked, so a token naming an unknown account is refused.
 */
import { initializeApp, getApps, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { InvalidTokenError, type AuthenticatedUser, type IdentityVerifier } from './identity.ts';

export interface FirebaseIdentityOptions {
  projectId: string;
  /** Ask Firebase whether the token was revoked (one extra call per request). Default: on with the emulator only. */
  checkRevoked?: boolean;
}

function appFor(projectId: string): App {
  const name = `identity-${projectId}`;
  return getApps().find((app) => app.name === name) ?? initializeApp({ projectId }, name);
}

export function createFirebaseIdentityVerifier(options: FirebaseIdentityOptions): IdentityVerifier {
  const auth = getAuth(appFor(options.projectId));
  const checkRevoked = options.checkRevoked ?? Boolean(process.env.FIREBASE_AUTH_EMULATOR_HOST);
  return {
    async verify(idToken: string): Promise<AuthenticatedUser> {
      try {
        const decoded = await auth.verifyIdToken(idToken, checkRevoked);
        return {
          uid: decoded.uid,
          email: decoded.email ?? null,
          name: typeof decoded.name === 'string' ? decoded.name : null,
          picture: decoded.picture ?? null,
        };
      } catch (err) {
        const code = (err as { code?: unknown }).code;
        // firebase-admin reports every token problem as an `auth/...` error; anything else
        // (the identity service unreachable) is our failure, not the caller's.
        if (typeof code === 'string' && code.startsWith('auth/') && code !== 'auth/internal-error') {
          throw new InvalidTokenError(code);
        }
        throw err;
      }
    },
  };
}
