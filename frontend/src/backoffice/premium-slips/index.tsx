import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { TopToolbar, type RaRecord } from 'react-admin';
import { SlipListScreen, SlipShowScreen } from '../common/slip-screens';
import { UpdateActionButton } from '../common/UpdateActionButton';

/** Marks the slip premium (subscribers get it) or unmarks it: PUT {premium}. */
export const TogglePremiumButton = () => (
  <>
    <UpdateActionButton
      label="Mark premium"
      icon={<StarIcon />}
      when={(record) => record.premium !== true}
      data={() => ({ premium: true })}
      success="Slip marked premium"
    />
    <UpdateActionButton
      label="Unmark premium"
      icon={<StarBorderIcon />}
      when={(record) => record.premium === true}
      data={() => ({ premium: false })}
      success="Slip no longer premium"
      color="warning"
    />
  </>
);

export const PremiumSlipList = () => (
  <SlipListScreen>
    <TogglePremiumButton />
  </SlipListScreen>
);

export const PremiumSlipShow = () => (
  <SlipShowScreen
    actions={
      <TopToolbar>
        <TogglePremiumButton />
      </TopToolbar>
    }
  />
);

/** `<Resource name="premium-slips" {...premiumSlips} />` (no edit form: the toggle is the update). */
export const premiumSlips = {
  list: PremiumSlipList,
  show: PremiumSlipShow,
  icon: StarIcon,
  recordRepresentation: (record: RaRecord) => `Slip #${String(record.id)}`,
};
