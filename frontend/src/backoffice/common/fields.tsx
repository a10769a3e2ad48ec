import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import {
  BooleanField,
  BooleanInput,
  DateInput,
  NumberField,
  NumberInput,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  TextField,
  TextInput,
  useFieldValue,
  useRecordContext,
  type FieldProps,
} from 'react-admin';
import { fieldLabel, type Choice, type ColumnDef, type FieldDef, type FilterDef, type StatusStyle } from '../resource-spec';
import { formatMoney, formatNairobiDateTime, formatNairobiDay, statusColor, statusLabel } from './format';

/**
 * An amount with 2 decimals ('Ksh. 1,500.00'); the API sends decimals as strings. With
 * `currencySource`, in the currency that field of the record names ('NGN 617.28', 'UGX 1,850.00').
 */
export const MoneyField = ({ currencySource, ...props }: FieldProps & { currencySource?: string }) => {
  const value = useFieldValue(props) as string | number | null | undefined;
  const record = useRecordContext(props);
  const currency = currencySource ? record?.[currencySource] : 'KES';
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {formatMoney(value, currency)}
    </Typography>
  );
};

/** An ISO instant shown in Africa/Nairobi time ('5 Mar 2026 14:30'). */
export const NairobiDateField = (props: FieldProps) => {
  const value = useFieldValue(props) as string | null | undefined;
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {formatNairobiDateTime(value)}
    </Typography>
  );
};

/** A 'YYYY-MM-DD' Nairobi day as '5 Mar 2026'. */
export const NairobiDayField = (props: FieldProps) => {
  const value = useFieldValue(props) as string | null | undefined;
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {formatNairobiDay(value)}
    </Typography>
  );
};

/**
 * A status value as a coloured chip (green done, amber pending, red failed). `statuses` reads a
 * resource's coded values ('P' → Pending); other values by their common meaning.
 */
export const StatusChipField = ({ statuses, ...props }: FieldProps & { statuses?: Readonly<Record<string, StatusStyle>> }) => {
  const value = useFieldValue(props) as unknown;
  if (value === null || value === undefined || value === '') return null;
  const style = statuses?.[String(value)];
  return (
    <Chip
      size="small"
      label={style?.label ?? statusLabel(value)}
      color={style?.color ?? statusColor(value)}
      variant="outlined"
    />
  );
};

/** A JSON value (audit before/after) pretty-printed. */
export const JsonField = (props: FieldProps) => {
  const value = useFieldValue(props) as unknown;
  if (value === null || value === undefined) return null;
  return (
    <Typography component="pre" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap', fontFamily: 'monospace', fontSize: 12 }}>
      {JSON.stringify(value, null, 2)}
    </Typography>
  );
};

const LIST_LONGTEXT_SX = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  maxWidth: 280,
  overflowWrap: 'anywhere',
} as const;

/** The field component for a column or a Show row, by kind. */
export const renderField = (
  field: ColumnDef | FieldDef,
  opts: { sortable?: boolean; inList?: boolean } = {},
): ReactElement => {
  const key = field.source;
  const common = {
    source: field.source,
    label: 'label' in field && field.label ? field.label : fieldLabel(field as FieldDef),
    sortable: opts.sortable ?? false,
  };
  switch (field.kind) {
    case 'money':
      return <MoneyField key={key} {...common} currencySource={field.currencyField} textAlign="right" />;
    case 'date':
      return <NairobiDateField key={key} {...common} />;
    case 'day':
      return <NairobiDayField key={key} {...common} />;
    case 'status':
      return <StatusChipField key={key} {...common} statuses={field.statuses} />;
    case 'bool':
      return <BooleanField key={key} {...common} />;
    case 'number':
    case 'id':
      return <NumberField key={key} {...common} options={{ useGrouping: false }} />;
    case 'json':
      return <JsonField key={key} {...common} />;
    case 'longtext':
      // In a list: two lines at most, clipped, so long texts never spill over the row's buttons.
      return opts.inList ? (
        <TextField key={key} {...common} sx={LIST_LONGTEXT_SX} />
      ) : (
        <TextField key={key} {...common} sx={{ display: 'block', maxWidth: 640, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} />
      );
    default:
      return <TextField key={key} {...common} />;
  }
};

const choiceOptions = (choices: readonly Choice[] = []): Choice[] => [...choices];

/** The react-admin filter inputs for derived filters (module-level arrays next to each list). */
export const renderFilters = (filters: readonly FilterDef[]): ReactElement[] =>
  filters.map((filter) => {
    const key = filter.source;
    const common = { source: filter.source, label: filter.label, alwaysOn: filter.alwaysOn };
    switch (filter.input) {
      case 'search':
        // SearchInput refuses a label (its placeholder says 'Search').
        return <SearchInput key={key} source={filter.source} alwaysOn />;
      case 'bool':
        return <BooleanInput key={key} {...common} />;
      case 'select':
        return <SelectInput key={key} {...common} choices={choiceOptions(filter.choices)} />;
      case 'multiselect':
        return <SelectArrayInput key={key} {...common} choices={choiceOptions(filter.choices)} />;
      case 'number':
        return <NumberInput key={key} {...common} />;
      case 'date':
        return <DateInput key={key} {...common} />;
      default:
        return <TextInput key={key} {...common} />;
    }
  });
