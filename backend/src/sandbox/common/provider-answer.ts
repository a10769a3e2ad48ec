/** What a sandbox provider endpoint answers: the HTTP status and the provider-shaped body. */
export interface ProviderAnswer {
  status: number;
  /** JSON-serialisable body, or text when `contentType` is set to a text type. */
  body: unknown;
  contentType?: string;
}

/** A JSON answer. */
export const answer = (status: number, body: unknown): ProviderAnswer => ({ status, body });

/** True for a JSON object (not an array, not null). */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first value of a header (Fastify gives arrays for repeated headers). */
export const headerValue = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/** An absolute http(s) URL without spaces. */
export const isHttpUrl = (value: unknown): value is string => {
  if (typeof value !== 'string' || !/^https?:\/\/\S+$/.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
};
