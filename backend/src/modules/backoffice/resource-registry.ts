import { Inject, Injectable } from '@nestjs/common';
import { BACKOFFICE_RESOURCES } from './backoffice.constants';
import { BackofficeError, BackofficeErrorCode } from './backoffice.errors';
import { listSpecProblems, ListSpec } from './domain/list-params';
import { allowlistOf, ResourceAllowlist } from './resource-allowlist';
import type { AnyResourceDefinition } from './resource-definition';

/** Path segments the registry serves itself (GET /api/backoffice/resources): no resource may be called so. */
export const RESERVED_RESOURCE_NAMES: readonly string[] = ['resources'];

/** The list spec (pure parsing input) of a definition. */
export const listSpecOf = (def: AnyResourceDefinition): ListSpec => ({
  resource: def.name,
  fields: def.fields,
  search: def.search,
  defaultSort: def.defaultSort,
  idField: def.idField ?? 'id',
  maxRange: def.maxRange,
});

/** Problems of a set of definitions (names, list specs); empty when all is well. */
export const resourceProblems = (defs: readonly AnyResourceDefinition[]): string[] => {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const def of defs) {
    if (!/^[a-z][a-z0-9-]*$/.test(def.name))
      problems.push(`resource name '${def.name}' must be kebab-case`);
    if (RESERVED_RESOURCE_NAMES.includes(def.name))
      problems.push(`resource name '${def.name}' is reserved`);
    if (seen.has(def.name)) problems.push(`resource '${def.name}' is defined twice`);
    seen.add(def.name);
    if (!def.roles.length) problems.push(`${def.name}: roles must not be empty`);
    problems.push(...listSpecProblems(listSpecOf(def)).map((p) => `${def.name}: ${p}`));
  }
  return problems;
};

/**
 * The back office's resources by name, checked at boot: a misconfigured definition stops the
 * app with the list of problems instead of failing requests later.
 */
@Injectable()
export class ResourceRegistry {
  private readonly byName = new Map<string, AnyResourceDefinition>();

  constructor(@Inject(BACKOFFICE_RESOURCES) defs: AnyResourceDefinition[]) {
    const problems = resourceProblems(defs);
    if (problems.length)
      throw new Error(`Back-office resources are misconfigured:\n- ${problems.join('\n- ')}`);
    for (const def of defs) this.byName.set(def.name, def);
  }

  /**
   * The resource called `name`.
   * @throws BackofficeError UNKNOWN_RESOURCE (404).
   */
  get(name: string): AnyResourceDefinition {
    const def = this.byName.get(name);
    if (!def)
      throw new BackofficeError(
        BackofficeErrorCode.UNKNOWN_RESOURCE,
        `Unknown back-office resource '${name}'`,
      );
    return def;
  }

  /** Every resource's allowlist (GET /api/backoffice/resources), in registration order. */
  allowlists(): ResourceAllowlist[] {
    return [...this.byName.values()].map(allowlistOf);
  }

  /** Every resource name (for docs and tests). */
  names(): string[] {
    return [...this.byName.keys()];
  }
}
