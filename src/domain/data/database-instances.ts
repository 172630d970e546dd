/**
 * Which Realtime Database instance holds a path: the seam for the design past one instance
 * (docs/scaling.md). Public data the server writes (feed, leaderboards, the proof index, moderation,
 * limits, the reminder sender's lists) lives on one public instance; each member's own data and the
 * groups they own live on a member instance. Today both are the one default instance, so every path
 * answers DEFAULT_DATABASE_INSTANCE and nothing is classified.
 */

/** The project's default instance (the databaseURL the app and the API are configured with). */
export const DEFAULT_DATABASE_INSTANCE = '(default)';

export type DataScope = 'public' | 'member';

/** Instance names by scope; past one member shard, `member` becomes the member's shard (docs/scaling.md). */
export interface DatabaseLayout {
  public: string;
  member: string;
}

export const SINGLE_INSTANCE: DatabaseLayout = {
  public: DEFAULT_DATABASE_INSTANCE,
  member: DEFAULT_DATABASE_INSTANCE,
};

/**
 * Every top-level location of database.rules.json and the server-only roots, by scope. A location
 * missing here is refused by scopeOfPath, so a new root is placed deliberately.
 */
const SCOPE_OF_ROOT: Readonly<Record<string, DataScope>> = {
  // A member's own records, on their shard.
  users: 'member',
  progress: 'member',
  storageUsage: 'member',
  pushSubscriptions: 'member',
  reminderState: 'member',
  proofClaims: 'member',
  // Groups and what happens on their boards, on their owner's shard.
  groups: 'member',
  groupCheers: 'member',
  groupNudges: 'member',
  groupGiven: 'member',
  groupReports: 'member',
  // Read across members, written by the server: one public instance.
  feed: 'public',
  leaderboard: 'public',
  website: 'public',
  moderation: 'public',
  proofHashes: 'public',
  admins: 'public',
  serverLimits: 'public',
  serverLocks: 'public',
  teamBonusDue: 'public',
  reminderSettings: 'public',
  reminderZones: 'public',
};

const firstSegment = (path: string) => path.split('/').find((segment) => segment.length > 0);

/** The scope of a database path ('users/u1/info' → 'member'); throws for the root or an unplaced location. */
export function scopeOfPath(path: string): DataScope {
  const root = firstSegment(path);
  if (root === undefined) throw new Error('The database root spans instances; name a location');
  const scope = SCOPE_OF_ROOT[root];
  if (!scope)
    throw new Error(`No database instance is chosen for "${root}/" (database-instances.ts)`);
  return scope;
}

/** The instance that holds `path` under `layout` (today: always the default instance). */
export function databaseInstanceFor(
  path: string,
  layout: DatabaseLayout = SINGLE_INSTANCE,
): string {
  if (layout.public === layout.member) return layout.public;
  return layout[scopeOfPath(path)];
}
