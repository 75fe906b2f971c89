import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role', { enum: ['GP', 'LP'] }).notNull(),
    /** Null for accounts that only sign in with Google. */
    passwordHash: text('password_hash'),
    googleId: text('google_id').unique(),
    /** Bumped on password change, reset and delete: tokens carrying an older version stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    lastEdit: timestamp('last_edit', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('users_role_check', sql`${t.role} in ('GP', 'LP')`)],
);

export const userEditLogs = pgTable(
  'user_edit_logs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept so the log still names the account after it is deleted. */
    userEmail: text('user_email').notNull(),
    fieldChanged: text('field_changed').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_edit_logs_user_idx').on(t.userId, t.changedAt)],
);

export const invites = pgTable('invites', {
  id: serial('id').primaryKey(),
  /** SHA-256 of the invite code; the code itself is never stored. */
  codeHash: text('code_hash').notNull().unique(),
  role: text('role', { enum: ['GP', 'LP'] }).notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  usedBy: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const passwordResets = pgTable('password_resets', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** SHA-256 of the reset token. */
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const contactSubmissions = pgTable('contact_submissions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

/** Fixed-window counters for rate limits, shared by every server instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

export const schema = { users, userEditLogs, invites, passwordResets, contactSubmissions, rateLimits };
