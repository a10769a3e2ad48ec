import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import type { RaRecord } from 'react-admin';
import { formatMoney } from '../common/format';
import { UpdateActionButton } from '../common/UpdateActionButton';
import { PENDING_WITHDRAWAL } from './constants';

const isPending = (record: RaRecord): boolean => record.status === PENDING_WITHDRAWAL;

/**
 * An admin's decision on a pending withdrawal: Approve starts the M-Pesa B2C payout, Reject gives
 * the amount back to the tipster's balance (PUT {status}). Hidden for tipsters (canAccess 'edit')
 * and for decided withdrawals.
 */
export const PayoutDecisionButtons = () => (
  <>
    <UpdateActionButton
      label="Approve"
      icon={<CheckCircleIcon />}
      when={isPending}
      data={() => ({ status: 'approved' })}
      confirm={(record) =>
        `Pay ${formatMoney(record.amount as string)} to ${String(record.phone_number ?? '')} by M-Pesa?`
      }
      success="Withdrawal approved: payout started"
      color="success"
    />
    <UpdateActionButton
      label="Reject"
      icon={<CancelIcon />}
      when={isPending}
      data={() => ({ status: 'rejected' })}
      confirm="Reject this withdrawal? The amount goes back to the tipster's balance."
      success="Withdrawal rejected"
      color="error"
    />
  </>
);
