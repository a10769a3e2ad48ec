import { SLIP_FIELD_DEFS } from '../common/slip-fields';
import type { ResourceSpec } from '../resource-spec';

/** `premium-slips` (admin): every slip; PUT {premium} marks or unmarks it (backend resources/premium-slips.resource.ts). */
export const premiumSlipsSpec: ResourceSpec = {
  name: 'premium-slips',
  label: 'Premium slips',
  roles: ['admin'],
  fields: SLIP_FIELD_DEFS,
  search: true,
  defaultSort: { field: 'date_created', order: 'DESC' },
  update: ['admin'],
};
