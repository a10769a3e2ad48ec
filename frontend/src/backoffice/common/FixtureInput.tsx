import { AutocompleteInput, ReferenceInput, required, type RaRecord } from 'react-admin';

const fixtureOption = (record: RaRecord): string =>
  `${String(record.home_team ?? '?')} v ${String(record.away_team ?? '?')} (#${String(record.id)})`;

/**
 * Picks a fixture by searching `fixtures` (q over teams and league), upcoming ones (status NS)
 * first by kick-off. Stores the fixture id in `source`.
 */
export const FixtureInput = ({ source, label = 'Fixture' }: { source: string; label?: string }) => (
  <ReferenceInput
    source={source}
    reference="fixtures"
    filter={{ status: 'NS' }}
    sort={{ field: 'kickoff', order: 'ASC' }}
  >
    <AutocompleteInput
      label={label}
      optionText={fixtureOption}
      filterToQuery={(q: string) => (q ? { q } : {})}
      validate={required()}
      sx={{ minWidth: 320 }}
    />
  </ReferenceInput>
);
