/**
 * Gives an account a role (a Firebase custom claim `role`): one in the operator console, or the
 * moderators'; or takes it away:
 *
 *   npm run ops:grant -- <email> operator     reads and acts (replay, rebuild, dead letters, disputes)
 *   npm run ops:grant -- <email> support      reads only
 *   npm run ops:grant -- <email> moderator    decides reports and appeals (no operator console)
 *   npm run ops:grant -- <email> none         no role
 *
 * FIREBASE_PROJECT_ID names the project (default demo-marketplace); with
 * FIREBASE_AUTH_EMULATOR_HOST set it works on the Auth emulator, else on Firebase with the
 * service account of GOOGLE_APPLICATION_CREDENTIALS. A role given is used once the person signs
 * in again; a role taken away stops working within 30 s (the servers check a role-bearing token
 * against the account's current claims, and trust a verification for up to 30 s).
 */
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

const USAGE = 'Usage: npm run ops:grant -- <email> operator|support|moderator|none';
const ROLES = ['operator', 'support', 'moderator', 'none'] as const;
type Role = (typeof ROLES)[number];
const ROLE_NAMES: Record<Exclude<Role, 'none'>, string> = {
  operator: 'an operator',
  support: 'support',
  moderator: 'a moderator',
};

/** Sets `role` on the account of `email`, keeping its other claims; returns its uid. */
export async function grantRole(email: string, role: Role, projectId: string): Promise<string> {
  const auth = getAuth(initializeApp({ projectId }, `ops-grant-${Date.now()}`));
  const user = await auth.getUserByEmail(email);
  const claims: Record<string, unknown> = { ...(user.customClaims ?? {}) };
  if (role === 'none') delete claims.role;
  else claims.role = role;
  await auth.setCustomUserClaims(user.uid, claims);
  return user.uid;
}

async function main() {
  const [email, role] = process.argv.slice(2);
  if (!email || !role || !(ROLES as readonly string[]).includes(role)) {
    console.error(USAGE);
    process.exit(2);
  }
  const projectId = process.env.FIREBASE_PROJECT_ID?.trim() || 'demo-marketplace';
  try {
    const uid = await grantRole(email, role as Role, projectId);
    console.log(
      role === 'none'
        ? `${email} (${uid}) has no role now`
        : `${email} (${uid}) is ${ROLE_NAMES[role as Exclude<Role, 'none'>]} now; they sign in again to use it`,
    );
  } catch (err) {
    const code = (err as { code?: string }).code;
    console.error(
      code === 'auth/user-not-found'
        ? `No account with the email ${email}`
        : `Could not grant the role: ${(err as Error).message}`,
    );
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
