import type { Database } from 'firebase-admin/database';
import { dbPaths } from '../../src/domain/database-paths';

/**
 * Server helpers shared by the group routes (docs/product.md, "Group challenges"): reading a group,
 * asserting membership, building board rows and the feed's GroupSummary.
 */

/** Whether uid has a board row in the group of challengeId (the owner is member #1). */
export async function isGroupMember(
  database: Database,
  challengeId: string,
  uid: string,
): Promise<boolean> {
  const row = await database.ref(dbPaths.groupMember(challengeId, uid)).child('joinedAt').get();
  return row.exists();
}
