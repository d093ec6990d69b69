/** The account endpoints the sign-in flow uses (docs/product.md §4.1 Sign-in state, §7 Users). */
import type { z } from 'zod';
import type { CommandAnswer, registerUserBody } from '@rewear/contracts';
import type { Api } from '../../api/http.ts';
import { clientConfig } from '../../api/clientConfig.ts';
import type { AuthUser } from './authService.ts';

export type RegisterUserBody = z.input<typeof registerUserBody>;

export interface UserRegistered extends CommandAnswer {
  uid: string;
}

export function authApi(http: Api) {
  return {
    config: () => clientConfig(http),
    /** Tells the backend of a new user; 409 when it knows them already. */
    register: (body: RegisterUserBody) => http.post<UserRegistered>('/api/users/register', body),
  };
}

export type AuthApi = ReturnType<typeof authApi>;

/** The backend's record of a user the identity provider signed in. */
export function registrationOf(user: AuthUser, photoUrl: string | null): RegisterUserBody {
  return {
    uid: user.uid,
    // Email and Google accounts always have an address; the server refuses an empty one.
    email: user.email ?? '',
    display_name: user.displayName || user.email,
    photo_url: photoUrl,
  };
}

/** The app's page that a password reset link opens (docs/product.md §4.1); `mode` and `oobCode` ride along. */
export const RESET_PASSWORD_PATH = '/reset-password';

/** The absolute address of the reset page, given as the reset email's continue URL. */
export function resetPasswordUrl(origin: string = window.location.origin): string {
  return new URL(RESET_PASSWORD_PATH, origin).toString();
}
