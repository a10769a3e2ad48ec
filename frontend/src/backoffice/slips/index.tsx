import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import type { RaRecord } from 'react-admin';
import { renderFilters } from '../common/fields';
import { SlipPicks } from '../common/SlipPicks';
import { SpecList, SpecShow } from '../common/screens';
import { listFilters } from '../resource-spec';
import { slipsSpec } from './spec';

const slipFilters = renderFilters(listFilters(slipsSpec));

/** A tipster's own slips (the server scopes the rows), newest first. */
export const SlipList = () => <SpecList spec={slipsSpec} filters={slipFilters} />;

export const SlipShow = () => (
  <SpecShow spec={slipsSpec}>
    <SlipPicks />
  </SpecShow>
);

/** `<Resource name="slips" {...slips} />` (read-only). */
export const slips = {
  list: SlipList,
  show: SlipShow,
  icon: ReceiptLongIcon,
  recordRepresentation: (record: RaRecord) => `Slip #${String(record.id)}`,
};
