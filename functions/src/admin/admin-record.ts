import type { Database } from 'firebase-admin/database';

/**
 * admins/{uid}: true, the one truth of who is an admin (docs/security.md, "Admins"). Only firebase-admin
 * writes it (`npm run admin:grant` sets it, `npm run admin:revoke` removes it); no client reads or writes
 * it. database.rules.json's admin checks and the API's requireAdmin both read it on every request, so a
 * revoked admin's still-valid ID token, whose `admin` claim lasts until it expires, opens nothing.
 */
export const ADMINS_PATH = 'admins';

export const adminRecordPath = (uid: string) => `${ADMINS_PATH}/${uid}`;

/** Whether the member is an admin now: their record holds exactly `true`. */
export async function isAdminNow(database: Database, uid: string): Promise<boolean> {
  return (await database.ref(adminRecordPath(uid)).get()).val() === true;
}

/** Writes the member's record (the grant). */
export function writeAdminRecord(database: Database, uid: string): Promise<void> {
  return database.ref(adminRecordPath(uid)).set(true);
}

/** Removes the member's record (the revoke): from then on the rules and the API refuse them. */
export function removeAdminRecord(database: Database, uid: string): Promise<void> {
  return database.ref(adminRecordPath(uid)).remove();
}
