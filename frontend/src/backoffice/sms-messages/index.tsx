import SmsIcon from '@mui/icons-material/Sms';
import SendIcon from '@mui/icons-material/Send';
import { TopToolbar, type RaRecord } from 'react-admin';
import { renderFilters } from '../common/fields';
import { SpecList, SpecShow } from '../common/screens';
import { UpdateActionButton } from '../common/UpdateActionButton';
import { listFilters } from '../resource-spec';
import { smsMessagesSpec } from './spec';

const smsFilters = renderFilters(listFilters(smsMessagesSpec));

const delivered = (record: RaRecord): boolean => record.status === 'delivered';

/**
 * Sends the SMS again (PUT {resend: true}); a delivered one asks first and sends `force: true`,
 * since the buyer already has it and a resend is a second paid SMS.
 */
export const ResendSmsButton = () => (
  <UpdateActionButton
    label="Resend"
    icon={<SendIcon />}
    access="resend"
    data={(record) => (delivered(record) ? { resend: true, force: true } : { resend: true })}
    confirm={(record) => (delivered(record) ? 'This SMS was delivered. Send it again (a second paid SMS)?' : null)}
    success="SMS queued again"
  />
);

export const SmsMessageList = () => (
  <SpecList spec={smsMessagesSpec} filters={smsFilters}>
    <ResendSmsButton />
  </SpecList>
);

export const SmsMessageShow = () => (
  <SpecShow
    spec={smsMessagesSpec}
    actions={
      <TopToolbar>
        <ResendSmsButton />
      </TopToolbar>
    }
  />
);

/** `<Resource name="sms-messages" {...smsMessages} />`. */
export const smsMessages = {
  list: SmsMessageList,
  show: SmsMessageShow,
  icon: SmsIcon,
  recordRepresentation: (record: RaRecord) => `SMS #${String(record.id)} to ${String(record.to ?? '')}`,
};
