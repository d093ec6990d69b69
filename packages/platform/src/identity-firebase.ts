/**
 * The identity port on Firebase Authentication: firebase-admin verifies ID tokens. When
 * FIREBASE_AUTH_EMULATOR_HOST is set, firebase-admin accepts the emulator's tokens (which the
 * emulator does not sign); we then also ask the emulator whether the account still exists and
 * the token was not revoked, so a token naming an unknown account is refused. A token that carries
 * an operator role has it checked against the account's current claims.
 */
import { initializeApp, getApps, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import {
  InvalidTokenError,
  accountRoleOf,
  type AuthenticatedUser,
  type IdentityVerifier,
} from './identity.ts';

export interface FirebaseIdentityOptions {
  projectId: string;
  /** Ask Firebase whether the token was revoked (one extra call per request). Default: on with the emulator only. */
  checkRevoked?: boolean;
  /**
   * How long a verified token is trusted without asking again (default 30 s). A revoked token
   * is refused at most this long after its revocation; in exchange a signed-in shopper's
   * requests do not each wait for a round trip to the identity service.
   */
  verifiedCacheMs?: number;
}

const MAX_CACHED_TOKENS = 10_000;

function appFor(projectId: string): App {
  const name = `identity-${projectId}`;
  return getApps().find((app) => app.name === name) ?? initializeApp({ projectId }, name);
}

export function createFirebaseIdentityVerifier(options: FirebaseIdentityOptions): IdentityVerifier {
  const auth = getAuth(appFor(options.projectId));
  const checkRevoked = options.checkRevoked ?? Boolean(process.env.FIREBASE_AUTH_EMULATOR_HOST);
  const cacheMs = options.verifiedCacheMs ?? 30_000;
  const verified = new Map<string, { user: AuthenticatedUser; until: number }>();
  return {
    async deleteAccount(uid: string): Promise<void> {
      for (const [token, entry] of verified) if (entry.user.uid === uid) verified.delete(token);
      try {
        await auth.deleteUser(uid);
      } catch (err) {
        if ((err as { code?: unknown }).code !== 'auth/user-not-found') throw err;
      }
    },
    async verify(idToken: string): Promise<AuthenticatedUser> {
      const now = Date.now();
      const cached = verified.get(idToken);
      if (cached && cached.until > now) return cached.user;
      try {
        const decoded = await auth.verifyIdToken(idToken, checkRevoked);
        // A token keeps the claims it was issued with for up to an hour. A role (operator, support,
        // moderator) is read from the account as it is now, so a role taken away (ops:grant none)
        // stops working once this token's verification is no longer cached, not at its refresh.
        // Only the few tokens that carry a role pay for the lookup.
        const role = accountRoleOf(decoded.role)
          ? accountRoleOf((await auth.getUser(decoded.uid)).customClaims?.role)
          : null;
        const user: AuthenticatedUser = {
          uid: decoded.uid,
          email: decoded.email ?? null,
          name: typeof decoded.name === 'string' ? decoded.name : null,
          picture: decoded.picture ?? null,
          role,
        };
        if (cacheMs > 0) {
          if (verified.size >= MAX_CACHED_TOKENS) verified.clear();
          // Never trust a token past its own expiry.
          verified.set(idToken, { user, until: Math.min(now + cacheMs, decoded.exp * 1000) });
        }
        return user;
      } catch (err) {
        const code = (err as { code?: unknown }).code;
        // firebase-admin reports every token problem as an `auth/...` error; anything else
        // (the identity service unreachable) is our failure, not the caller's.
        if (
          typeof code === 'string' &&
          code.startsWith('auth/') &&
          code !== 'auth/internal-error'
        ) {
          throw new InvalidTokenError(code);
        }
        throw err;
      }
    },
  };
}
