import {
  CLOSED_DATABASE_RULES,
  CLOSED_STORAGE_RULES,
  editDatabaseRules,
  OPEN_DATABASE_RULES,
  OPEN_STORAGE_RULES,
  replaceOnce,
  type RuleMutant,
} from './support/rule-mutants';
import { LIMIT_MUTANTS } from './limit-mutants';
import { adminClaimDatabaseCases } from './cases/admin-claim-cases';
import { ADMIN_RECORD_CHECK, ADMIN_RECORD_MUTANTS } from './admin-record-mutants';
import { challengeCases } from './cases/challenge-cases';
import { groupAdminClaimCases } from './cases/group-cases';
import { GROUP_KILLS_OF_EXISTING_MUTANTS, GROUP_MUTANTS } from './group-mutants';
import { OWN_REMINDER_RECORD_KILLS } from './cases/reminder-cases';
import { OWN_PROOF_CLAIM_KILLS } from './cases/proof-claim-cases';
import { caseTitle, type RulesCase } from './support/rules-matrix';

const MEAL = 'users/$uid/challenges/$cid/meals/$day/$meal';

/** The info fields only recompute writes, with the cases that try to change each. */
const STREAK_FIELDS: ReadonlyArray<[field: string, killedBy: string[]]> = [
  [
    'currentStreak',
    [
      'raises its own currentStreak',
      'writes a current streak before recompute ever did',
      'removes its current streak',
    ],
  ],
  ['bestStreak', ['raises its own bestStreak']],
  ['streakFreezes', ['grants itself streak freezes']],
  ['lastStreakBreakDays', ['hides its last broken streak']],
  ['lastStreakBreakOn', ['moves the date its streak broke']],
];

/** Gives users/$uid/<node> (server-written, no .write today) a write rule for its owner. */
function withOwnerWrite(rules: string, node: string): string {
  const parsed = JSON.parse(rules) as {
    rules: { users: { $uid: Record<string, Record<string, unknown>> } };
  };
  const target = parsed.rules.users.$uid[node];
  if (!target || '.write' in target) throw new Error(`Mutant out of date: users/$uid/${node}`);
  target['.write'] = 'auth != null && auth.uid === $uid';
  return JSON.stringify(parsed, null, 2);
}

/**
 * Every check of the admin record relaxed to "has one" (`.exists()`). The count keeps the mutant current: an
 * admin rule added needs its case in cases/admin-claim-cases.ts, and then its count here.
 */
function relaxedAdminRecord(rules: string, count: number): string {
  const found = rules.split(ADMIN_RECORD_CHECK).length - 1;
  if (found !== count)
    throw new Error(`Mutant out of date: ${found} admin checks, expected ${count}`);
  return rules.replaceAll(ADMIN_RECORD_CHECK, "root.child('admins/' + auth.uid).exists()");
}

/** The owner's soft-delete rules as they were before only the delete route wrote `deleted` and `isActive`. */
function withBrowserSoftDelete(rules: string): string {
  const parsed = JSON.parse(rules) as {
    rules: { users: { $uid: { challenges: { $cid: Record<string, Record<string, string>> } } } };
  };
  const challenge = parsed.rules.users.$uid.challenges.$cid;
  if ('.write' in challenge.deleted! || 'isActive' in challenge)
    throw new Error('Mutant out of date: the owner writes deleted or isActive');
  const ownWrite =
    "auth != null && auth.uid === $uid && !root.child('moderation/disabledMembers/' + $uid).exists() && data.parent().child('createdAt').exists() && !data.parent().child('groupOwnerId').exists() && newData.exists()";
  challenge.deleted = {
    ...challenge.deleted,
    '.write': ownWrite,
    '.validate':
      "newData.val() === true && newData.parent().child('isActive').val() === false && (root.child('feed/' + $cid + '/uid').val() !== $uid || !newData.parent().parent().parent().parent().parent().child('feed/' + $cid).exists())",
  };
  challenge.isActive = {
    '.write': ownWrite,
    '.validate': "newData.val() === false && newData.parent().child('deleted').val() === true",
  };
  return JSON.stringify(parsed, null, 2);
}

/** Every protection of the rules, weakened one at a time; the matrix must kill each one. */
export const RULE_MUTANTS: readonly RuleMutant[] = [
  {
    name: 'database rules opened to everyone',
    file: 'database.rules.json',
    mutate: () => OPEN_DATABASE_RULES,
    killedBy: 'every denied case',
  },
  {
    name: 'database rules closed to everyone',
    file: 'database.rules.json',
    mutate: () => CLOSED_DATABASE_RULES,
    killedBy: 'every allowed case',
  },
  // Both sides of every numeric limit: tests/rules/limit-mutants.ts.
  ...LIMIT_MUTANTS,
  {
    // Reminder records are server-only (docs/architecture.md, "Meal reminders"): a subscription's keys
    // let whoever reads them push to the member's phone, and a member's own write would skip the API's checks.
    name: 'each member reads and writes their own push subscriptions and reminder records',
    file: 'database.rules.json',
    mutate: (rules) => {
      const parsed = JSON.parse(rules) as { rules: Record<string, Record<string, unknown>> };
      const own = 'auth != null && auth.uid === $uid';
      for (const node of ['pushSubscriptions', 'reminderSettings', 'reminderState']) {
        if (parsed.rules[node]?.['.read'] !== false) throw new Error(`Mutant out of date: ${node}`);
        parsed.rules[node].$uid = { '.read': own, '.write': own };
      }
      return JSON.stringify(parsed, null, 2);
    },
    killedBy: OWN_REMINDER_RECORD_KILLS,
  },
  {
    // Proof claims are server-only (docs/security.md, "Proof claims"): a member's own write could
    // back-date a claim, or clear a meal's claims to claim more photos.
    name: 'each member reads and writes their own proof claims',
    file: 'database.rules.json',
    mutate: (rules) => {
      const parsed = JSON.parse(rules) as { rules: Record<string, Record<string, unknown>> };
      if (parsed.rules.proofClaims?.['.read'] !== false)
        throw new Error('Mutant out of date: proofClaims');
      const own = 'auth != null && auth.uid === $uid';
      parsed.rules.proofClaims.$uid = { '.read': own, '.write': own };
      return JSON.stringify(parsed, null, 2);
    },
    killedBy: OWN_PROOF_CLAIM_KILLS,
  },
  {
    name: 'a disabled member keeps writing their own records',
    file: 'database.rules.json',
    mutate: (rules) =>
      rules.replaceAll(" && !root.child('moderation/disabledMembers/' + $uid).exists()", ''),
    killedBy: [
      'edits its bio while disabled (a token from before the ban)',
      'sets a social link while disabled',
      ...GROUP_KILLS_OF_EXISTING_MUTANTS.disabledMemberWrites,
    ],
  },
  {
    name: 'the owner soft-deletes from the browser, around the delete route and its recount',
    file: 'database.rules.json',
    mutate: (rules) => withBrowserSoftDelete(rules),
    killedBy: [
      'soft-deletes it from the browser, around the delete route and its recount',
      'soft-deletes it from the browser when its feed entry is already gone',
      'soft-deletes their hidden challenge from the browser',
      'removes its feed entry in the same update that soft-deletes the challenge',
    ],
  },
  {
    name: 'admins write the banner and the site links from the browser (no audit entry)',
    file: 'database.rules.json',
    mutate: (rules) => {
      const parsed = JSON.parse(rules) as {
        rules: { website: Record<string, Record<string, unknown>> };
      };
      for (const node of ['banner', 'social-link'])
        parsed.rules.website[node]['.write'] = `auth != null && ${ADMIN_RECORD_CHECK}`;
      return JSON.stringify(parsed, null, 2);
    },
    killedBy: [
      'changes the banner topics from the browser, unaudited',
      'adds an unknown field to the banner',
      'changes the github link from the browser, unaudited',
      'clears the youtube link from the browser, unaudited',
      'adds a link from the browser, unaudited',
    ],
  },
  {
    name: 'a member photo may be any https URL',
    file: 'database.rules.json',
    mutate: (rules) =>
      editDatabaseRules(
        rules,
        ['users/$uid/info/photoURL/.validate'],
        String.raw`newData.val().matches(/^https:\/\/lh3\.googleusercontent\.com\/`,
        String.raw`newData.val().matches(/^https:\/\/[A-Za-z0-9.-]+\/`,
      ),
    killedBy: [
      'sets an https photoURL on a host of its own (a tracking pixel)',
      "sets a photoURL on a host named like Google's",
      "sets a download URL of another project's bucket",
      'first sign-in with a photoURL on another host',
    ],
  },
  {
    name: 'a display name may pose as the product or its team',
    file: 'database.rules.json',
    mutate: (rules) =>
      editDatabaseRules(
        rules,
        ['users/$uid/info/displayName/.validate'],
        ' && !newData.val().matches(/^(',
        ' && !newData.val().matches(/^NEVER(',
      ),
    killedBy: [
      ...[
        'ChallangeX Team',
        'challange x',
        'Ch@ll@ngeX support',
        'ADMIN',
        'a d m 1 n',
        'Moderator',
      ].map((name) => `renames itself ${JSON.stringify(name)}`),
      'first sign-in named "ChallangeX Team"',
    ],
  },
  {
    // Proofs are written by the proof route only (functions/src/proofs/proof-submit-route.ts); its window,
    // once-only and photo checks are API tests (tests/api/proof-submit.test.ts).
    name: 'a member writes their own meal proof and review from the browser',
    file: 'database.rules.json',
    mutate: (rules) => {
      const parsed = JSON.parse(rules) as {
        rules: {
          users: {
            $uid: { challenges: { $cid: { meals: { $day: Record<string, unknown> } } } };
          };
        };
      };
      const day = parsed.rules.users.$uid.challenges.$cid.meals.$day;
      if (!day.$meal || '.write' in (day.$meal as object))
        throw new Error(`Mutant out of date: ${MEAL}`);
      // The owner's write, with no field checks: what the rules were before the proof route, at most.
      day.$meal = { '.write': 'auth != null && auth.uid === $uid' };
      return JSON.stringify(parsed, null, 2);
    },
    // Every write the owner tries on a meal (reads stay as they were).
    killedBy: challengeCases
      .filter(
        (c) =>
          c.path === 'users/{uid}/challenges/{cid}/meals/{day}/{meal}' &&
          c.role === 'owner' &&
          c.expect === 'denied' &&
          c.operation !== 'read',
      )
      .map((c) => caseTitle(c as RulesCase<unknown, unknown>)),
  },
  {
    name: 'a member can change their own score',
    file: 'database.rules.json',
    mutate: (rules) =>
      editDatabaseRules(
        rules,
        ['users/$uid/info/.validate'],
        " && newData.child('score').val() === data.child('score').val()",
        '',
      ),
    killedBy: [
      'first sign-in that grants itself a score',
      'info · owner · delete · denied: removes its score',
      'increments its own score with a server increment',
      'info · owner · update · denied: writes its own score',
    ],
  },
  // What recompute derives and the weight log (tests/rules/cases/progress-cases.ts).
  ...STREAK_FIELDS.map(([field, killedBy]): RuleMutant => ({
    name: `a member can change their own ${field}`,
    file: 'database.rules.json',
    mutate: (rules) =>
      editDatabaseRules(
        rules,
        ['users/$uid/info/.validate'],
        ` && newData.child('${field}').val() === data.child('${field}').val()`,
        '',
      ),
    killedBy,
  })),
  {
    name: 'visitors may read a member’s profile at a glance',
    file: 'database.rules.json',
    mutate: (rules) =>
      editDatabaseRules(rules, ['users/$uid/glance/.read'], 'auth != null', 'true'),
    killedBy: [
      "users/{uid}/glance · visitor · read · denied: reads a member's profile at a glance",
    ],
  },
  {
    name: 'a member may write their own profile at a glance',
    file: 'database.rules.json',
    mutate: (rules) => withOwnerWrite(rules, 'glance'),
    killedBy: [
      'users/{uid}/glance · owner · create · denied: writes its own glance',
      'marks a missed day of its calendar as three meals proved',
      'users/{uid}/glance · owner · delete · denied: removes its glance',
    ],
  },
  {
    name: 'every signed-in member may read a member’s weight log',
    file: 'database.rules.json',
    mutate: (rules) =>
      editDatabaseRules(
        rules,
        ['users/$uid/weights/.read'],
        `auth != null && (auth.uid === $uid || ${ADMIN_RECORD_CHECK})`,
        'auth != null',
      ),
    killedBy: [
      "users/{uid}/weights · other member · read · denied: reads another member's weight log",
      "reads one entry of a member's weight log",
      "lists another member's latest weight",
      "users/{uid}/weights · truthy admin · read · denied: reads a member's weight log",
      "users/{uid}/weights · revoked admin · read · denied: reads a member's weight log",
    ],
  },
  {
    name: 'admins may not read a member’s weight log',
    file: 'database.rules.json',
    mutate: (rules) =>
      editDatabaseRules(rules, ['users/$uid/weights/.read'], ` || ${ADMIN_RECORD_CHECK}`, ''),
    killedBy: ["users/{uid}/weights · admin · read · allowed: reads a member's weight log"],
  },
  {
    name: 'a member may write their own weight log around the API',
    file: 'database.rules.json',
    mutate: (rules) => withOwnerWrite(rules, 'weights'),
    killedBy: [
      'logs a weight around the API (no range or date checks)',
      'edits an entry around the API',
      'deletes an entry around the API',
    ],
  },
  {
    name: 'every signed-in member may page through the admin audit log',
    file: 'database.rules.json',
    mutate: (rules) =>
      editDatabaseRules(
        rules,
        ['moderation/audit/.read'],
        `auth != null && ${ADMIN_RECORD_CHECK} && `,
        'auth != null && ',
      ),
    killedBy: (['member', 'owner', 'other member', 'truthy admin', 'revoked admin'] as const).map(
      (role) =>
        `moderation/audit/{id} · ${role} · query · denied: reads the newest page of the audit log`,
    ),
  },
  {
    name: 'any e-mail address can be stored as the member’s own',
    file: 'database.rules.json',
    mutate: (rules) =>
      editDatabaseRules(
        rules,
        ['users/$uid/private/email/.validate'],
        ' || newData.val() === auth.token.email ||',
        ' || true ||',
      ),
    killedBy: ['first sign-in with an email that is not the signed-in one'],
  },
  {
    name: 'every signed-in member may read a whole challenge (plan, targets, proofs)',
    file: 'database.rules.json',
    mutate: (rules) =>
      editDatabaseRules(
        rules,
        ['users/$uid/challenges/.read'],
        `auth != null && (auth.uid === $uid || ${ADMIN_RECORD_CHECK})`,
        'auth != null',
      ),
    killedBy: [
      "users/{uid}/challenges/{cid} · member · query · denied: lists a member's active challenges",
      "users/{uid}/challenges/{cid} · member · read · denied: opens a member's whole challenge (targets, meals)",
      'users/{uid}/challenges/{cid} · member · read · denied: reads the per-meal plan',
      'users/{uid}/challenges/{cid} · member · read · denied: reads the start date and time zone',
      "users/{uid}/challenges/{cid} · other member · read · denied: opens another member's whole challenge",
      "users/{uid}/challenges/{cid} · other member · read · denied: reads the targets (weight follows from protein ÷ the goal's g/kg)",
      "users/{uid}/challenges/{cid}/meals/{day}/{meal} · member · read · denied: reads a member's meal (macros, proof)",
      "users/{uid}/challenges/{cid}/meals/{day}/{meal} · other member · read · denied: reads another member's proof photo URL",
      "users/{uid}/challenges/{cid} · truthy admin · read · denied: opens a member's challenge",
      "users/{uid}/challenges/{cid} · truthy admin · query · denied: lists a member's challenges",
      "users/{uid}/challenges/{cid} · revoked admin · read · denied: opens a member's challenge",
      "users/{uid}/challenges/{cid} · revoked admin · query · denied: lists a member's challenges",
      'users/{uid}/challenges/{cid}/invite · revoked admin · read · denied: reads a member’s invite link',
      ...GROUP_KILLS_OF_EXISTING_MUTANTS.wholeChallengeToEveryMember,
    ],
  },
  // Group challenges: tests/rules/group-mutants.ts.
  ...GROUP_MUTANTS,
  {
    name: 'a stored proof can be replaced',
    file: 'storage.rules',
    mutate: (rules) =>
      replaceOnce(
        rules,
        'match /Challenge/{uid}/{challengeId}/{file} {\n      allow create: if',
        'match /Challenge/{uid}/{challengeId}/{file} {\n      allow create, update: if',
      ),
    // A metadata change is refused by the metadata rule as well (only the type), so it does not kill this.
    killedBy: [
      'owner · update · denied: replaces its stored proof with a new JPEG (proofs are kept)',
      'owner · update · denied: replaces a stored retry (-2) with a new JPEG (retries are kept too)',
    ],
  },
  {
    name: 'a proof may have any file name',
    file: 'storage.rules',
    mutate: (rules) =>
      replaceOnce(
        rules,
        "return file.matches('Day[1-7]-(breakfast|lunch|dinner)(-[23])?[.]jpg');",
        'return true;',
      ),
    killedBy: [
      'uploads Day0-lunch.jpg into a challenge folder',
      'uploads Day1-breakfast.jpg.jpg into a challenge folder',
      'uploads Day1-breakfast.png into a challenge folder',
      'uploads Day1-brunch.jpg into a challenge folder',
      'uploads Day8-breakfast.jpg into a challenge folder',
      'uploads extra.jpg into a challenge folder',
      'uploads Day2-breakfast-1.jpg (no such attempt) into a challenge folder',
      'uploads Day2-breakfast-4.jpg (no such attempt) into a challenge folder',
      'uploads Day2-breakfast-23.jpg (no such attempt) into a challenge folder',
    ],
  },
  {
    name: 'uploads may carry custom metadata',
    file: 'storage.rules',
    mutate: (rules) =>
      replaceOnce(
        rules,
        "request.resource.metadata.keys().hasOnly(['firebaseStorageDownloadTokens'])",
        'true',
      ),
    killedBy: ['uploads a proof with custom metadata', 'uploads an avatar with custom metadata'],
  },
  {
    name: 'uploads may set any Content-Disposition',
    file: 'storage.rules',
    mutate: (rules) =>
      replaceOnce(rules, 'request.resource.contentDisposition == null\n', 'true\n'),
    killedBy: [
      'uploads a proof with Content-Disposition: attachment',
      'uploads an avatar with Content-Disposition: attachment',
    ],
  },
  {
    name: "the service's own inline disposition is refused",
    file: 'storage.rules',
    mutate: (rules) =>
      replaceOnce(
        rules,
        `request.resource.contentDisposition.matches("inline(; filename[*]=utf-8''[A-Za-z0-9._-]+)?")`,
        'false',
      ),
    killedBy: ['uploads a proof with the inline disposition of its own name'],
  },
  {
    name: 'storage rules opened to everyone',
    file: 'storage.rules',
    mutate: () => OPEN_STORAGE_RULES,
    killedBy: 'every denied case',
  },
  {
    name: 'storage rules closed to everyone',
    file: 'storage.rules',
    mutate: () => CLOSED_STORAGE_RULES,
    killedBy: 'every allowed case',
  },
  {
    name: 'meal proofs may be one byte over 5 MB',
    file: 'storage.rules',
    mutate: (rules) =>
      replaceOnce(
        rules,
        'isMealProofName(file)\n        && isImageUnder(5 * 1024 * 1024)',
        'isMealProofName(file)\n        && isImageUnder(5 * 1024 * 1024 + 1)',
      ),
    killedBy: ['uploads a JPEG of 5 MB and one byte'],
  },
  {
    name: 'an image of exactly the size limit is refused',
    file: 'storage.rules',
    mutate: (rules) =>
      replaceOnce(rules, 'request.resource.size <= maxBytes', 'request.resource.size < maxBytes'),
    killedBy: ['uploads an avatar of exactly 2 MB', 'uploads a JPEG of exactly 5 MB'],
  },
  {
    name: 'any signed-in member may add a proof to another member’s challenge',
    file: 'storage.rules',
    mutate: (rules) =>
      replaceOnce(
        rules,
        'allow create: if isOwner(uid)\n        && isChallengeId(challengeId)',
        'allow create: if isSignedIn()\n        && isChallengeId(challengeId)',
      ),
    killedBy: [
      "admin · create · denied: uploads into a member's folder",
      "} · member · create · denied: uploads into another member's folder",
      "other member · create · denied: uploads into another member's folder",
    ],
  },
  {
    name: 'SVG images are accepted',
    file: 'storage.rules',
    mutate: (rules) => replaceOnce(rules, "'image/(jpeg|png|webp)'", "'image/.*'"),
    killedBy: ['uploads an SVG avatar', 'uploads a GIF', 'uploads an SVG (script inside)'],
  },
  {
    name: 'any admin record at all lets a member through, not only admins/{uid}: true',
    file: 'database.rules.json',
    mutate: (rules) => relaxedAdminRecord(rules, 8),
    killedBy: [...adminClaimDatabaseCases, ...groupAdminClaimCases].map((c) =>
      caseTitle(c as RulesCase<unknown, unknown>),
    ),
  },
  // The admins/{uid} record and its revocation: tests/rules/admin-record-mutants.ts.
  ...ADMIN_RECORD_MUTANTS,
];
