import type { Database } from 'firebase-admin/database';
import type { AdminAuditEntry } from '@domain/site/moderation-records';
import { dbPaths } from '@domain/data/database-paths';

/**
 * The audit record of one admin action, as entries of the multi-path update that performs it: the
 * action and its record land together or not at all. Only admins may read moderation/audit.
 */
export function auditUpdate(database: Database, entry: AdminAuditEntry): Record<string, unknown> {
  const key = database.ref(dbPaths.adminAudit).push().key!;
  return { [`${dbPaths.adminAudit}/${key}`]: entry };
}
