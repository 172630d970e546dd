import type { TokenOptions } from '@firebase/rules-unit-testing';

/** Who attempts an operation in the rules matrix. */
export const ROLES = ['visitor', 'member', 'owner', 'other member', 'admin'] as const;
/**
 * Beside the matrix's roles, tried only where the rules let an admin through: a member whose admins/{uid}
 * record is truthy but not `true` (cases/admin-claim-cases.ts), and an admin whose record was removed by
 * `npm run admin:revoke` while their token still carries `admin: true` (cases/admin-record-cases.ts).
 */
export const CLAIM_ROLES = ['truthy admin', 'revoked admin'] as const;
export type Role = (typeof ROLES)[number] | (typeof CLAIM_ROLES)[number];

export interface Identity {
  uid: string;
  token: TokenOptions;
}

/**
 * The signed-in people of the seeded world. The owner owns the records under test; the other
 * member owns records of their own (so a denial is not just "has no data"); the member owns
 * nothing; the admin has the server's admins/{uid} record (support/database-world.ts) and the
 * `admin` custom claim the grant sets beside it, and nothing else.
 */
export const IDENTITIES: Record<Exclude<Role, 'visitor'>, Identity> = {
  owner: { uid: 'olivia', token: { email: 'olivia@example.com', email_verified: true } },
  'other member': { uid: 'oscar', token: { email: 'oscar@example.com', email_verified: true } },
  member: { uid: 'mia', token: { email: 'mia@example.com', email_verified: false } },
  admin: { uid: 'ada', token: { email: 'ada@example.com', email_verified: true, admin: true } },
  'truthy admin': {
    uid: 'tad',
    token: { email: 'tad@example.com', email_verified: true, admin: 'yes' },
  },
  'revoked admin': {
    uid: 'rex',
    token: { email: 'rex@example.com', email_verified: true, admin: true },
  },
};

export const OWNER_UID = IDENTITIES.owner.uid;
export const OTHER_UID = IDENTITIES['other member'].uid;
