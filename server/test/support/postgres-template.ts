/**
 * Vitest global setup of the server tests, where TEST_DATABASE_URL names a PostgreSQL server: one
 * database migrated once, which every test file's fresh database is copied from
 * (`CREATE DATABASE … TEMPLATE`, support/databases.ts), as support/pglite-template.ts does for
 * PGlite. A copy takes a fraction of creating a database and replaying the migrations.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../../src/db/open';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template database on TEST_DATABASE_URL's server; '' without one. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  project.provide('postgresTemplate', '');
  if (!adminUrl) return undefined;
  const name = `portal_template_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Migrated, then closed: a template must have no one connected while it is copied.
  const database = openPostgres(url.toString(), 1);
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  project.provide('postgresTemplate', name);
  return async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end({ timeout: 5 });
  };
}
