import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { BlogModule } from '../blog/blog.module';
import { AdminAuditModule } from './audit/admin-audit.module';
import { BACKOFFICE_RESOURCES } from './backoffice.constants';
import { BackofficeController } from './backoffice.controller';
import { BackofficeService } from './backoffice.service';
import type { BackofficeResource } from './resource-definition';
import { ResourceRegistry } from './resource-registry';
import { AuditLogResource } from './resources/audit-log.resource';
import { PostsResource } from './resources/posts.resource';

/** Every back-office resource provider. Add a resource: one file in resources/ and one entry here (README.md). */
const RESOURCE_PROVIDERS = [PostsResource, AuditLogResource];

/**
 * Back office (architecture.md "modules/backoffice"; issue 8): react-admin simple-rest routes
 * under /api/backoffice/{resource} served by one generic list helper and per-resource
 * definitions, every write audited (admin_audit). Import the owning module of each resource's
 * service here.
 */
@Module({
  imports: [AdminAuditModule, AccountModule, BlogModule],
  controllers: [BackofficeController],
  providers: [
    ...RESOURCE_PROVIDERS,
    {
      provide: BACKOFFICE_RESOURCES,
      inject: RESOURCE_PROVIDERS,
      useFactory: (...resources: BackofficeResource[]) => resources.map((r) => r.definition),
    },
    ResourceRegistry,
    BackofficeService,
  ],
  exports: [AdminAuditModule],
})
export class BackofficeModule {}
