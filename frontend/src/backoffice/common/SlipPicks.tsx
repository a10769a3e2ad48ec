import { ArrayField, Datagrid, TextField } from 'react-admin';
import type { StatusStyle } from './format';
import { NairobiDateField, StatusChipField } from './fields';

/** Pick result: W won, L lost, V void. */
const PICK_RESULTS: Record<string, StatusStyle> = {
  W: { label: 'Won', color: 'success' },
  L: { label: 'Lost', color: 'error' },
  V: { label: 'Void', color: 'default' },
};

/** The slip's picks (game, kick-off in Nairobi time, market id, decimal odd, result). */
export const SlipPicks = () => (
  <ArrayField source="tips" label="Picks">
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="home_team" label="Home" sortable={false} />
      <TextField source="away_team" label="Away" sortable={false} />
      <NairobiDateField source="kickoff" label="Kick-off" sortable={false} />
      <TextField source="market_type" label="Market" sortable={false} />
      <TextField source="odd" label="Odds" sortable={false} />
      <StatusChipField source="result" label="Result" sortable={false} statuses={PICK_RESULTS} />
    </Datagrid>
  </ArrayField>
);
