/** Holiday mode's endpoints (docs/product.md §14.6). */
import type { HolidayBody, HolidayStatus } from '@rewear/contracts';
import type { Api, RequestOptions } from '../../api/http.ts';

export function holidayApi(http: Api) {
  return {
    /** The signed-in seller's holiday (null: none). */
    status: () => http.get<HolidayStatus>('/api/me/holiday'),
    set: (body: HolidayBody, options?: RequestOptions) =>
      http.put<{ holiday: { from: string; until: string } }>('/api/me/holiday', body, options),
    end: (options?: RequestOptions) =>
      http.del<{ holiday: null }>('/api/me/holiday', undefined, options),
  };
}

export type HolidayApi = ReturnType<typeof holidayApi>;
