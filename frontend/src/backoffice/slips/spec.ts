import { SLIP_FIELD_DEFS } from '../common/slip-fields';
import type { ResourceSpec } from '../resource-spec';

/** `slips` (tipster: own slips; admin: all; read-only, a published slip is locked): backend resources/slips.resource.ts. */
export const slipsSpec: ResourceSpec = {
  name: 'slips',
  label: 'Slips',
  roles: ['tipster'],
  fields: SLIP_FIELD_DEFS,
  search: true,
  defaultSort: { field: 'date_created', order: 'DESC' },
};
