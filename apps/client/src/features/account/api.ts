/** "Your data and your account": the member's data, and deleting the account. */
import type { MemberData } from '@rewear/contracts';
import type { accountDeletedAnswer } from '@rewear/contracts/command-answers';
import type { z } from 'zod';
import type { Api, RequestOptions } from '../../api/http.ts';

export type AccountDeleted = z.output<typeof accountDeletedAnswer>;

export function accountApi(http: Api) {
  return {
    /** 200 MemberData: everything held about the signed-in member. */
    data: () => http.get<MemberData>('/api/me/data'),
    /** 200 AccountDeleted; 409 while an order or sale is open, with why. */
    deleteAccount: (options: RequestOptions) =>
      http.del<AccountDeleted>('/api/me', { confirm: 'DELETE' }, options),
  };
}

export type AccountApi = ReturnType<typeof accountApi>;
