import BlockIcon from '@mui/icons-material/Block';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { UpdateActionButton } from '../common/UpdateActionButton';

/**
 * Ban / Unban toggle on a user (PUT /api/backoffice/users/{id} `{banned}`): a ban, asked first,
 * logs the user out everywhere and stops their logins. Not offered on admins (the server refuses
 * to ban one and its message would say so).
 */
export const BanToggleButton = () => (
  <>
    <UpdateActionButton
      label="Ban"
      icon={<BlockIcon />}
      when={(record) => record.banned !== true && record.role !== 'admin'}
      data={() => ({ banned: true })}
      confirm={(record) =>
        `Ban ${String(record.username)}? They are logged out everywhere and cannot log in.`
      }
      success="User banned"
      color="error"
    />
    <UpdateActionButton
      label="Unban"
      icon={<LockOpenIcon />}
      when={(record) => record.banned === true}
      data={() => ({ banned: false })}
      success="User unbanned"
    />
  </>
);
