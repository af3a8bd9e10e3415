// Database URLs: mysql://user:pass@host:port/db, sqlite:<path> and sqlite::memory:, parsed and
// described without loading a driver (the CLI reads them before it knows it needs a database).
import { resolve } from 'node:path';
import { ConfigError } from './config-error.js';

export type DbEngine = 'mysql' | 'sqlite';

export interface ParsedDatabaseUrl {
  engine: DbEngine;
  /** For sqlite: absolute file path or ':memory:'. */
  filename?: string;
  mysql?: {
    host: string;
    port: number;
    user: string;
    password: string;
    database: string;
    socketPath?: string;
  };
}

/** Parses mysql://user:pass@host:port/db, sqlite:<path> and sqlite::memory:, or throws a ConfigError. */
export function parseDatabaseUrl(url: string): ParsedDatabaseUrl {
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length).replace(/^\/\//, '');
    if (!path)
      throw new ConfigError(
        `database URL ${JSON.stringify(url)} names no file (use sqlite:./storefront.sqlite)`,
      );
    return { engine: 'sqlite', filename: path === ':memory:' ? ':memory:' : resolve(path) };
  }
  if (/^(mysql|mariadb):\/\//.test(url)) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ConfigError(`database URL is malformed: ${JSON.stringify(redactUrl(url))}`);
    }
    const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
    if (!database || database.includes('/')) {
      throw new ConfigError(
        `database URL ${JSON.stringify(redactUrl(url))} names no database (mysql://user:pass@host:3306/db)`,
      );
    }
    const port = parsed.port ? Number(parsed.port) : 3306;
    const socketPath = parsed.searchParams.get('socket') ?? undefined;
    return {
      engine: 'mysql',
      mysql: {
        host: parsed.hostname || '127.0.0.1',
        port,
        user: decodeURIComponent(parsed.username || 'root'),
        password: decodeURIComponent(parsed.password),
        database,
        socketPath,
      },
    };
  }
  throw new ConfigError(
    `database URL ${JSON.stringify(redactUrl(url))} is not supported: use mysql://user:pass@host:port/db or sqlite:<path>`,
  );
}

/** The URL with its password replaced, for messages and logs. */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^:/@]*:)[^@]*@/i, '$1***@');
}

/** Human description of where the data lives, for banners. */
export function describeDatabase(url: string): string {
  const p = parseDatabaseUrl(url);
  if (p.engine === 'sqlite')
    return p.filename === ':memory:' ? 'in-memory SQLite' : `SQLite file ${p.filename}`;
  return `MySQL ${p.mysql!.user}@${p.mysql!.host}:${p.mysql!.port}/${p.mysql!.database}`;
}
