import { Injectable } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';
import { FixtureImportRun } from '../../fixtures/entities/fixture-import-run.entity';
import { FixtureImportRunsService } from '../../fixtures/fixture-import-runs.service';
import { BackofficeResource, defineResource } from '../resource-definition';

/** POST /api/backoffice/fixture-imports: `{}` imports changed files only; `{ "force": true }` re-reads every file. */
export class CreateFixtureImportDto {
  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean({ message: 'force must be true or false' })
  force?: boolean;
}

/** A requested import as the back office shows it. */
export const toAdminImportRun = (r: FixtureImportRun) => ({
  id: r.id,
  requested_by: r.requestedBy,
  force: r.force,
  job_id: r.jobId,
  status: r.status,
  report: r.report,
  error: r.error,
  requested_at: r.requestedAt.toISOString(),
  started_at: r.startedAt?.toISOString() ?? null,
  finished_at: r.finishedAt?.toISOString() ?? null,
});

/**
 * `fixture-imports` (admin; docs/PRODUCT-RULES.md "Back office"): POST starts an import — a
 * `fixture_import_run` row and the fixtures module's `import-fixtures` job with `manual: true`
 * (FixtureImportRunsService; the worker records status and report on the row); GET lists the
 * requested runs, newest first. Runs are never edited or deleted (405).
 */
@Injectable()
export class FixtureImportsResource implements BackofficeResource {
  readonly definition;

  constructor(runs: FixtureImportRunsService) {
    this.definition = defineResource<FixtureImportRun, CreateFixtureImportDto>({
      name: 'fixture-imports',
      entity: FixtureImportRun,
      alias: 'r',
      roles: ['admin'],
      fields: {
        id: { column: 'r.id', type: 'int', sortable: true, filter: ['eq', 'in'] },
        status: { column: 'r.status', type: 'text', sortable: true, filter: ['eq', 'in'] },
        requested_by: { column: 'r.requested_by', type: 'text', sortable: true, filter: ['eq'] },
        requested_at: {
          column: 'r.requested_at',
          type: 'date',
          sortable: true,
          filter: ['gte', 'lte'],
        },
      },
      defaultSort: ['id', 'DESC'],
      serialize: toAdminImportRun,
      create: {
        dto: CreateFixtureImportDto,
        handle: (body, { manager, actor }) =>
          runs.request(actor.username, body.force ?? false, { manager }),
      },
    });
  }
}
