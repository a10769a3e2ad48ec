import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import type { RaRecord } from 'react-admin';
import { SlipListScreen, SlipShowScreen } from '../common/slip-screens';

/** A tipster's own slips (the server scopes the rows), newest first. */
export const SlipList = () => <SlipListScreen />;

export const SlipShow = () => <SlipShowScreen />;

/** `<Resource name="slips" {...slips} />` (read-only). */
export const slips = {
  list: SlipList,
  show: SlipShow,
  icon: ReceiptLongIcon,
  recordRepresentation: (record: RaRecord) => `Slip #${String(record.id)}`,
};
