/** The read models of the order lifecycle: shipments and sellers' balances. */
import { shipmentsProjector } from './shipments.ts';
import { sellerBalancesProjector } from './balances.ts';

export * from './shipments.ts';
export * from './balances.ts';

export const shipmentProjectors = [shipmentsProjector, sellerBalancesProjector];
