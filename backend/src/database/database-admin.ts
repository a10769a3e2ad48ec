import { Client } from 'pg';

/** Database name of a postgres:// URL. */
export const databaseName = (url: string): string =>
  decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || 'postgres';

/** The same server's `postgres` maintenance database. */
export const maintenanceUrl = (url: string): string => {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
};

const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** Creates the URL's database when missing (optionally from a template). Returns true if created. */
export const ensureDatabase = async (url: string, template?: string): Promise<boolean> => {
  const name = databaseName(url);
  const client = new Client({ connectionString: maintenanceUrl(url) });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount) return false;
    await client.query(
      `CREATE DATABASE ${quoteIdent(name)}${template ? ` TEMPLATE ${quoteIdent(template)}` : ''}`,
    );
    return true;
  } finally {
    await client.end();
  }
};

/** Drops the URL's database if present, closing other sessions on it. */
export const dropDatabase = async (url: string): Promise<void> => {
  const name = databaseName(url);
  const client = new Client({ connectionString: maintenanceUrl(url) });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
};
