import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  NumberField,
  TextField,
  useFieldValue,
  useRecordContext,
  type FieldProps,
} from 'react-admin';
import {
  formatMoney,
  formatNairobiDateTime,
  formatNairobiDay,
  statusColor,
  statusLabel,
  type StatusStyle,
} from './format';

/**
 * An amount with 2 decimals ('Ksh. 1,500.00'); the API sends decimals as strings. With
 * `currencySource`, in the currency that field of the record names ('NGN 617.28', 'UGX 1,850.00').
 */
export const MoneyField = ({
  currencySource,
  ...props
}: FieldProps & { currencySource?: string }) => {
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
export const StatusChipField = ({
  statuses,
  ...props
}: FieldProps & { statuses?: Readonly<Record<string, StatusStyle>> }) => {
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
    <Typography
      component="pre"
      variant="body2"
      sx={{ m: 0, whiteSpace: 'pre-wrap', fontFamily: 'monospace', fontSize: 12 }}
    >
      {JSON.stringify(value, null, 2)}
    </Typography>
  );
};

/** Long text in a list: two lines at most, clipped, so it never spills over the row's buttons. */
const LIST_LONGTEXT_SX = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  maxWidth: 280,
  overflowWrap: 'anywhere',
} as const;

/** Long text on a Show page: whole, wrapped, line breaks kept. */
const SHOW_LONGTEXT_SX = {
  display: 'block',
  maxWidth: 640,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
} as const;

/** A long text (SMS body, errors, descriptions): clipped to two lines in a list (`inList`), whole on a Show page. */
export const LongTextField = ({ inList = false, ...props }: FieldProps & { inList?: boolean }) => (
  <TextField {...props} sx={inList ? LIST_LONGTEXT_SX : SHOW_LONGTEXT_SX} />
);

/** A whole number shown as sent (ids, counts): no thousands separator. */
export const IdField = (props: FieldProps) => (
  <NumberField {...props} options={{ useGrouping: false }} />
);

/** Select options from codes: 'KES' as is, 'in_play' → 'In play'. */
export const codeChoices = (ids: readonly string[]): { id: string; name: string }[] =>
  ids.map((id) => ({ id, name: id === id.toUpperCase() ? id : statusLabel(id) }));

/** Select options from coded statuses ('P' → Pending). */
export const statusChoices = (
  statuses: Readonly<Record<string, StatusStyle>>,
): { id: string; name: string }[] =>
  Object.entries(statuses).map(([id, style]) => ({ id, name: style.label }));
