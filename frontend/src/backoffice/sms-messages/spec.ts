import type { ResourceSpec, StatusStyle } from '../resource-spec';

/** Outbox status (backend notifications/entities/sms-outbox.entity.ts SmsStatus). */
export const SMS_STATUSES: Record<string, StatusStyle> = {
  queued: { label: 'Queued', color: 'warning' },
  sending: { label: 'Sending', color: 'warning' },
  sent: { label: 'Sent', color: 'info' },
  delivered: { label: 'Delivered', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
};

/** `sms-messages` (admin): the SMS outbox; PUT {resend: true[, force]} sends again (backend resources/sms-messages.resource.ts). */
export const smsMessagesSpec: ResourceSpec = {
  name: 'sms-messages',
  label: 'SMS messages',
  roles: ['admin'],
  fields: [
    { source: 'id', label: 'ID', kind: 'id', sortable: true, filter: ['eq', 'in'] },
    { source: 'to', label: 'To (MSISDN)', kind: 'text', sortable: true, filter: ['eq', 'in'] },
    { source: 'body', label: 'Text', kind: 'longtext', filter: ['ilike'] },
    { source: 'purpose', kind: 'text', sortable: true, filter: ['eq', 'in'] },
    { source: 'status', kind: 'status', sortable: true, filter: ['eq', 'in'], statuses: SMS_STATUSES },
    { source: 'attempts', kind: 'number', sortable: true, filter: ['gte', 'lte'] },
    { source: 'provider_message_id', label: 'Provider message ID', kind: 'text', list: false },
    { source: 'cost', kind: 'text', list: false },
    { source: 'last_error', label: 'Last error', kind: 'longtext', list: false },
    { source: 'delivery_status', label: 'Delivery report', kind: 'text', list: false },
    { source: 'created_at', label: 'Created', kind: 'date', sortable: true, filter: ['gte', 'lte'] },
    { source: 'updated_at', label: 'Updated', kind: 'date', list: false },
    { source: 'sent_at', label: 'Sent', kind: 'date', sortable: true, filter: ['gte', 'lte'] },
    { source: 'delivered_at', label: 'Delivered', kind: 'date', list: false },
  ],
  search: true,
  defaultSort: { field: 'id', order: 'DESC' },
  update: ['admin'],
};
