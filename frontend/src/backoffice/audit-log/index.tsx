import HistoryIcon from '@mui/icons-material/History';
import type { RaRecord } from 'react-admin';
import { renderFilters } from '../common/fields';
import { SpecList, SpecShow } from '../common/screens';
import { listFilters } from '../resource-spec';
import { auditLogSpec } from './spec';

const auditFilters = renderFilters(listFilters(auditLogSpec));

/** Audit log list: newest first; a row opens who changed what, before and after. */
export const AuditLogList = () => <SpecList spec={auditLogSpec} filters={auditFilters} />;

export const AuditLogShow = () => <SpecShow spec={auditLogSpec} />;

/** `<Resource name="audit-log" {...auditLog} />` (read-only). */
export const auditLog = {
  list: AuditLogList,
  show: AuditLogShow,
  icon: HistoryIcon,
  recordRepresentation: (record: RaRecord) =>
    `${String(record.action ?? '')} ${String(record.resource ?? '')} #${String(record.record_id ?? '')}`,
};
