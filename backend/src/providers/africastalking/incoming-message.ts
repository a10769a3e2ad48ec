import { isRecord, ProviderCallbackError } from '../common/http';

/** A parsed Africa's Talking incoming-message notification (docs/PROVIDERS.md §3.7). */
export interface AtIncomingMessage {
  /** The sender's phone as sent, `+254712345678`. */
  from: string;
  /** Our shortcode or sender the message was sent to. */
  to: string;
  /** The message text, untrimmed. */
  text: string;
  /** Africa's Talking's id of the incoming message. */
  id: string;
  /** `YYYY-MM-DD HH:mm:ss` as sent (not parsed: the time of receipt is ours). */
  date?: string;
  /** Premium on-demand only: the id to answer with. */
  linkId?: string;
  networkCode?: string;
}

const PROVIDER = 'africastalking';
/** The longest field we accept: a concatenated SMS is at most a few hundred characters. */
const MAX_FIELD = 1_000;

const field = (
  fields: Record<string, unknown>,
  name: string,
  required: boolean,
): string | undefined => {
  const raw = Array.isArray(fields[name]) ? (fields[name] as unknown[])[0] : fields[name];
  if (raw === undefined || raw === null || raw === '') {
    if (required) throw new ProviderCallbackError(PROVIDER, 'is required', name);
    return undefined;
  }
  if (typeof raw !== 'string') throw new ProviderCallbackError(PROVIDER, 'must be a string', name);
  if (raw.length > MAX_FIELD)
    throw new ProviderCallbackError(PROVIDER, `must be at most ${MAX_FIELD} characters`, name);
  return raw;
};

/**
 * Reads the form-encoded incoming-message notification (docs/PROVIDERS.md §3.7: `from`, `to`,
 * `text`, `date`, `id`, `linkId`, `networkCode`; `cost` ignored). `text` may be empty (an empty
 * SMS) but must be present.
 * @throws ProviderCallbackError when the body is not a form or a required field is missing or not text.
 */
export const parseIncomingMessage = (body: unknown): AtIncomingMessage => {
  const fields =
    typeof body === 'string'
      ? Object.fromEntries(new URLSearchParams(body))
      : isRecord(body)
        ? body
        : null;
  if (!fields) throw new ProviderCallbackError(PROVIDER, 'expected a form body', 'body');
  if (fields.text === undefined || fields.text === null)
    throw new ProviderCallbackError(PROVIDER, 'is required', 'text');
  const message: AtIncomingMessage = {
    from: field(fields, 'from', true)!.trim(),
    to: field(fields, 'to', true)!.trim(),
    text: field(fields, 'text', false) ?? '',
    id: field(fields, 'id', true)!.trim(),
  };
  const date = field(fields, 'date', false);
  if (date) message.date = date;
  const linkId = field(fields, 'linkId', false);
  if (linkId) message.linkId = linkId;
  const networkCode = field(fields, 'networkCode', false);
  if (networkCode) message.networkCode = networkCode;
  return message;
};
