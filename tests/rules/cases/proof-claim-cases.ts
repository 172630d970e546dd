import { casesFor } from '../support/rules-matrix';
import { setInWorld, type Database, type DatabaseWorld } from '../support/database-world';
import { ROLES, OWNER_UID } from '../support/roles';

/**
 * Proof claims (docs/security.md, "Proof claims"): server-only. A claim's receipt time is the
 * server's word that a photo existed while the window was open; a member who could write one
 * could back-date a photo, and one who could read them learns nothing the app does not hold.
 */

const MEAL_CLAIMS = `proofClaims/${OWNER_UID}/-ChallengeOlivia00001/Day1-lunch`;
const SHA256 = 'a'.repeat(64);
const CLAIM = `${MEAL_CLAIMS}/${SHA256}`;

/** Olivia's lunch claimed once, at the world's time. */
function withClaim(world: DatabaseWorld) {
  setInWorld(world, CLAIM, world.now);
}

const table = casesFor<DatabaseWorld, Database>('proofClaims');
for (const role of ROLES)
  table.denied(
    role,
    'read',
    "reads Olivia's claims of a meal",
    (db) => db.ref(MEAL_CLAIMS).get(),
    withClaim,
  );
table.denied('member', 'query', "lists every member's proof claims", (db) =>
  db.ref('proofClaims').get(),
);
// Nothing seeded: the claim is new, and back-dated to a window long closed.
table.denied('owner', 'create', 'claims a photo of its own with a time of its choosing', (db) =>
  db.ref(CLAIM).set(0),
);
table.denied(
  'owner',
  'update',
  'moves the receipt time of its own claim',
  (db) => db.ref(CLAIM).set(1),
  withClaim,
);
table.denied(
  'owner',
  'delete',
  'removes its own claims (to claim more photos)',
  (db) => db.ref(MEAL_CLAIMS).remove(),
  withClaim,
);
table.denied(
  'admin',
  'update',
  "changes a member's claim",
  (db) => db.ref(CLAIM).set(null),
  withClaim,
);

export const proofClaimCases = table.cases;

/** The cases a rule granting each member their own claims must fail (rule-mutant-catalogue.ts). */
export const OWN_PROOF_CLAIM_KILLS = [
  "proofClaims · owner · read · denied: reads Olivia's claims of a meal",
  'proofClaims · owner · create · denied: claims a photo of its own with a time of its choosing',
  'proofClaims · owner · update · denied: moves the receipt time of its own claim',
  'proofClaims · owner · delete · denied: removes its own claims (to claim more photos)',
];
