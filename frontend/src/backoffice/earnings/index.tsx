import PaymentsIcon from '@mui/icons-material/Payments';
import type { RaRecord } from 'react-admin';
import { renderFilters } from '../common/fields';
import { SpecList, SpecShow } from '../common/screens';
import { listFilters } from '../resource-spec';
import { earningsSpec } from './spec';

const earningFilters = renderFilters(listFilters(earningsSpec));

/** Sale shares (60% of each sale), newest first; a tipster sees their own. */
export const EarningList = () => <SpecList spec={earningsSpec} filters={earningFilters} />;

export const EarningShow = () => <SpecShow spec={earningsSpec} />;

/** `<Resource name="earnings" {...earnings} />` (read-only). */
export const earnings = {
  list: EarningList,
  show: EarningShow,
  icon: PaymentsIcon,
  recordRepresentation: (record: RaRecord) => `Earning #${String(record.id)}`,
};
