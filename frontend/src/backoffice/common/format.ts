import { formatKsh, formatNgn, formatUgx, type DecimalValue } from '../../lib/money';
import { nairobiClock, nairobiDate } from '../../lib/nairobi-time';

/**
 * Back-office display formats, built on lib/ (docs/CONTRIBUTING.md §10: money and Nairobi time are
 * formatted by lib/ only).
 */

/**
 * An amount with 2 decimals in its currency: Ksh ('Ksh. 1,500.00', the default and for 'KES'),
 * 'NGN 617.28' or 'UGX 1,850.00'; '' for a missing value. Written from the server's digits (lib/money
 * twoDecimals): nothing is computed.
 */
export const formatMoney = (
  value: DecimalValue | null | undefined,
  currency: unknown = 'KES',
): string => {
  if (value === null || value === undefined || value === '') return '';
  if (currency === 'NGN') return formatNgn(value);
  if (currency === 'UGX') return formatUgx(value);
  return formatKsh(value);
};

/** An ISO instant in Africa/Nairobi time, '5 Mar 2026 14:30'; '' when missing or not a date. */
export const formatNairobiDateTime = (value: string | number | Date | null | undefined): string => {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${nairobiDate(date)} ${nairobiClock(date)}`;
};

/** A 'YYYY-MM-DD' calendar day (already a Nairobi day) as '5 Mar 2026'; other values as given. */
export const formatNairobiDay = (value: string | null | undefined): string => {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  // Noon UTC is the same calendar day in Nairobi (UTC+3).
  return match ? nairobiDate(new Date(`${value}T12:00:00Z`)) : value;
};

/** Chip colour of a status value (MUI palette). */
export type StatusColor = 'success' | 'warning' | 'error' | 'info' | 'default';

/** How one coded status value reads ('P' → Pending, amber). */
export interface StatusStyle {
  label: string;
  color: StatusColor;
}

const STATUS_COLORS: Record<string, StatusColor> = {
  paid: 'success',
  completed: 'success',
  complete: 'success',
  approved: 'success',
  won: 'success',
  sent: 'success',
  delivered: 'success',
  active: 'success',
  succeeded: 'success',
  success: 'success',
  settled: 'success',
  published: 'success',
  imported: 'success',
  done: 'success',
  pending: 'warning',
  queued: 'warning',
  processing: 'warning',
  requested: 'warning',
  running: 'warning',
  live: 'info',
  ft: 'success',
  pst: 'error',
  canc: 'error',
  abd: 'error',
  awd: 'default',
  open: 'info',
  upcoming: 'info',
  scheduled: 'info',
  in_play: 'info',
  failed: 'error',
  rejected: 'error',
  lost: 'error',
  cancelled: 'error',
  canceled: 'error',
  banned: 'error',
  flagged: 'error',
  expired: 'error',
  void: 'default',
  refunded: 'default',
};

/** Colour for a status chip: green done/paid, amber pending, red failed/rejected, grey unknown. */
export const statusColor = (status: unknown): StatusColor =>
  typeof status === 'string' ? (STATUS_COLORS[status.toLowerCase()] ?? 'default') : 'default';

/** 'in_play' → 'In play'. */
export const statusLabel = (status: unknown): string => {
  if (status === null || status === undefined || status === '') return '';
  const text = String(status).replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};
