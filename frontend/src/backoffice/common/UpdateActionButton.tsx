import { useState, type MouseEvent, type ReactElement } from 'react';
import {
  Button,
  Confirm,
  useCanAccess,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useUpdate,
  type RaRecord,
} from 'react-admin';

/** What the server said went wrong (its 4xx message), else a generic message. */
export const errorText = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : 'An error occurred';

interface UpdateActionButtonProps {
  label: string;
  icon?: ReactElement;
  /** The PUT body for this record, e.g. `{ status: 'approved' }`. */
  data: (record: RaRecord) => Record<string, unknown>;
  /** Shown only for records it applies to (e.g. pending withdrawals). */
  when?: (record: RaRecord) => boolean;
  /** react-admin canAccess action checked for the button (default 'edit'). */
  access?: string;
  /** Asks before sending, with this question. */
  confirm?: string | ((record: RaRecord) => string | null);
  success: string;
  color?: 'primary' | 'error' | 'success' | 'warning' | 'inherit';
}

/**
 * A one-click record action sent as PUT /api/backoffice/{resource}/{id} with a small body
 * (useUpdate + useNotify, docs/CONTRIBUTING.md §10), pessimistic so the row shows the server's result. Works
 * in a list row (does not open the row) and on a Show page. The server's 4xx message is shown.
 */
export const UpdateActionButton = ({
  label,
  icon,
  data,
  when,
  access = 'edit',
  confirm,
  success,
  color = 'primary',
}: UpdateActionButtonProps) => {
  const record = useRecordContext();
  const resource = useResourceContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [update, { isPending }] = useUpdate();
  const { canAccess } = useCanAccess({ action: access, resource, record });
  if (!record || !resource || canAccess !== true || (when && !when(record))) return null;

  const send = () => {
    setOpen(false);
    void update(
      resource,
      { id: record.id, data: data(record), previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(success, { type: 'info' });
          refresh();
        },
        onError: (error) => notify(errorText(error), { type: 'error' }),
      },
    );
  };
  const question = typeof confirm === 'function' ? confirm(record) : confirm;
  const onClick = (event: MouseEvent) => {
    event.stopPropagation();
    if (question) setOpen(true);
    else send();
  };
  return (
    <>
      <Button label={label} onClick={onClick} disabled={isPending} color={color}>
        {icon}
      </Button>
      {question ? (
        <Confirm
          isOpen={open}
          title={label}
          content={question}
          onConfirm={send}
          onClose={(event?: MouseEvent) => {
            event?.stopPropagation();
            setOpen(false);
          }}
        />
      ) : null}
    </>
  );
};
