import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/**
 * The account module's table `app_user` for reads other modules need in bulk (docs/ARCHITECTURE.md
 * "Table ownership"); other modules reach it through AccountService.
 */
@Injectable()
export class AccountRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Username by id of the accounts among `ids` that are not banned (unknown ids left out). */
  async activeUsernames(ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows: { id: number; username: string }[] = await this.ds.query(
      `SELECT id, username FROM app_user WHERE id = ANY($1::int[]) AND banned_at IS NULL`,
      [[...new Set(ids)]],
    );
    return new Map(rows.map((r) => [r.id, r.username]));
  }
}
