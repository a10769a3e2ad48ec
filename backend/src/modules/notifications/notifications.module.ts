import { Module } from '@nestjs/common';

/** Notifications module (architecture.md, "modules/notifications"). */
@Module({})
export class NotificationsModule {}
