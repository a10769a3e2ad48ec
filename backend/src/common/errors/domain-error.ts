/** The HTTP status and user-facing message one error code maps to. */
export interface ErrorSpec {
  status: number;
  message: string;
}

/**
 * Base of every module error (`SlipError`, `AccountError`, ...): a code from the module's enum,
 * mapped to an HTTP status and message by the module's table. Extra fields (e.g. `game`, or
 * field error lists like `{ email: ['...'] }`) are merged into the JSON body by the global filter.
 */
export class DomainError<C extends string = string> extends Error {
  constructor(
    readonly code: C,
    readonly spec: ErrorSpec,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(spec.message);
    this.name = new.target.name;
  }
  get status(): number {
    return this.spec.status;
  }
}

/** Builds a module's error class from its code → {status, message} table. */
export const defineErrors = <C extends string>(table: Record<C, ErrorSpec>) => table;
