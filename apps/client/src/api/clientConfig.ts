import type { ClientConfig } from '@rewear/contracts';
import type { Api } from './http.ts';

/** GET /api/config: what the client learns at run time (identity provider, Stripe key). */
export function clientConfig(http: Api): Promise<ClientConfig> {
  return http.get<ClientConfig>('/api/config');
}
