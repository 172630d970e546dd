/**
 * The protections of group challenges, weakened one at a time (rule-mutant-catalogue.ts runs them with the
 * rest): each must be killed by exactly the cases of tests/rules/cases/group-*.ts written for it.
 * docs/security.md, "Group challenges".
 */
import { editDatabaseRules, replaceOnce, type RuleMutant } from './support/rule-mutants';
import { ADMIN_RECORD_CHECK, REVOKED_ADMIN_KILLS_OF_GROUP_MUTANTS } from './admin-record-mutants';

type RulesNode = { [key: string]: RulesNode | string | boolean | string[] };

/** Parses the rules, lets `change` edit them at `path` (a node that must exist; '' for the root), and writes them back. */
function withNode(rules: string, path: string, change: (node: RulesNode) => void): string {
  const parsed = JSON.parse(rules) as { rules: RulesNode };
  let node = parsed.rules;
  for (const key of path ? path.split('/') : []) {
    const next = node[key];
    if (typeof next !== 'object' || Array.isArray(next))
      throw new Error(`Mutant out of date: no rules at ${path}`);
    node = next;
  }
  change(node);
  return JSON.stringify(parsed, null, 2);
}

/** Adds a child of rules that must not be there yet. */
function addChild(node: RulesNode, key: string, child: RulesNode): void {
  if (key in node) throw new Error(`Mutant out of date: ${key} already has rules`);
  node[key] = child;
}

const MEMBERSHIP = "root.child('groups/' + $cid + '/members/' + auth.uid + '/joinedAt').exists()";
/** Membership as any row under the reader's id, one a racing write left without joinedAt too. */
const ANY_ROW = "root.child('groups/' + $cid + '/members/' + auth.uid).exists()";
const STRAY_ROW_READS = [
  'reads the group through a row without joinedAt left by a write that raced its removal',
  'reads the board through a row without joinedAt left by a write that raced its removal',
];
const GROUP_READ = 'groups/$cid/.read';
const OWN = (uid: string) => `auth != null && auth.uid === ${uid}`;

const NOTICES_READ = 'users/$uid/notices/.read';
const GIVEN_READ = 'groupGiven/$cid/$uid/.read';
const SEEN_AT = 'users/$uid/noticesSeenAt';
const CHALLENGE = 'users/$uid/challenges/$cid';

/** The trees of server-only records of who cheered, nudged or reported whom. */
const RECORD_TREES = [
  ['groupCheers', 'cheer'],
  ['groupNudges', 'nudge'],
  ['groupReports', 'report'],
] as const;

export const GROUP_MUTANTS: readonly RuleMutant[] = [
  {
    name: 'a member reads and rewrites its own log of plans made (the daily cap given back)',
    file: 'database.rules.json',
    mutate: (rules) =>
      withNode(rules, '', (root) =>
        addChild(root, 'serverLimits', {
          plansMade: { $uid: { '.read': OWN('$uid'), '.write': OWN('$uid') } },
        }),
      ),
    killedBy: [
      'reads its own log of plans made',
      'clears its own log of plans made',
      'takes one join back from its own log of plans made',
    ],
  },
  {
    name: 'any signed-in member reads a group (board, photos, ownerId)',
    file: 'database.rules.json',
    mutate: (rules) => editDatabaseRules(rules, [GROUP_READ], MEMBERSHIP, 'true'),
    killedBy: [
      'groups/{cid} · member · read · denied: reads a group it has not joined',
      'reads a group it is not a member of',
      'groups/{cid} · other member · read · denied: reads the group after the owner removed it',
      'reads the member count of a group it has not joined',
      'reads the board of a group it has not joined',
      'reads one board row of a group it has not joined',
      'reads the board after the owner removed it',
      'reads a proof photo URL of a group it has not joined',
      'groups/{cid} · truthy admin · read · denied: reads a group',
      ...STRAY_ROW_READS,
      ...REVOKED_ADMIN_KILLS_OF_GROUP_MUTANTS.groupRead,
    ],
  },
  {
    name: 'any row under the reader’s id opens the group, one without joinedAt (a racing write’s) too',
    file: 'database.rules.json',
    mutate: (rules) => editDatabaseRules(rules, [GROUP_READ], MEMBERSHIP, ANY_ROW),
    killedBy: STRAY_ROW_READS,
  },
  {
    name: "a group is read through the reader's own copy of the challenge, not a board row",
    file: 'database.rules.json',
    mutate: (rules) =>
      editDatabaseRules(
        rules,
        [GROUP_READ],
        MEMBERSHIP,
        "root.child('users/' + auth.uid + '/challenges/' + $cid).exists()",
      ),
    killedBy: [
      'groups/{cid} · other member · read · denied: reads the group after the owner removed it',
      'reads the board after the owner removed it',
      ...STRAY_ROW_READS,
    ],
  },
  {
    name: 'admins may not read a group',
    file: 'database.rules.json',
    mutate: (rules) => editDatabaseRules(rules, [GROUP_READ], ` || ${ADMIN_RECORD_CHECK}`, ''),
    killedBy: [
      'groups/{cid} · admin · read · allowed: reads a group',
      'groups/{cid}/members/{uid} · admin · read · allowed: reads a board',
      'groups/{cid}/photos/{uid}/{meal} · admin · read · allowed: reads a proof photo URL',
    ],
  },
  {
    name: 'a member writes its own board row from the browser (joins, proves, leaves)',
    file: 'database.rules.json',
    mutate: (rules) =>
      withNode(rules, 'groups/$cid/members', (members) =>
        addChild(members, '$uid', { '.write': OWN('$uid') }),
      ),
    killedBy: [
      'joins by writing its own board row',
      'raises its own proved count and points',
      'marks a meal proved on its own board row',
      'raises its own points on the board',
      'leaves by deleting its own board row',
    ],
  },
  {
    name: "a group's members write the group from the browser",
    file: 'database.rules.json',
    mutate: (rules) =>
      withNode(rules, 'groups/$cid', (group) => {
        group['.write'] = `auth != null && ${MEMBERSHIP}`;
      }),
    killedBy: [
      'lowers its group’s memberCount',
      'switches its group to feed access from the browser',
      'writes the team bonus for its group',
      'makes itself the owner of the group it joined',
      'removes its group from the browser',
      'raises its own proved count and points',
      'marks a meal proved on its own board row',
      'adds cheers to the owner’s meal directly',
      'raises its own points on the board',
      'lowers a member’s points on its board',
      'removes a member by deleting its board row',
      'leaves by deleting its own board row',
      'adds a photo for a meal it never proved',
      'points the owner’s proof photo at another picture',
      'removes its proof photo from the board',
    ],
  },
  {
    name: 'a member sets the proof photos of its own board row from the browser',
    file: 'database.rules.json',
    mutate: (rules) =>
      withNode(rules, 'groups/$cid', (group) =>
        addChild(group, 'photos', { $uid: { '.write': OWN('$uid') } }),
      ),
    killedBy: ['adds a photo for a meal it never proved', 'removes its proof photo from the board'],
  },
  ...RECORD_TREES.map(([tree, what]): RuleMutant => ({
    name: `a member writes its own ${what} records around the API (once-only checks skipped)`,
    file: 'database.rules.json',
    mutate: (rules) =>
      withNode(rules, '', (root) =>
        addChild(root, tree, {
          $cid: { $uid: { $meal: { $fromUid: { '.write': OWN('$fromUid') } } } },
        }),
      ),
    killedBy: [
      `records its own ${what} around the API`,
      `removes its ${what} record to send it again`,
      `writes a ${what} record for a group it has not joined`,
    ],
  })),
  {
    name: 'the members of a group read who cheered, nudged and reported',
    file: 'database.rules.json',
    mutate: (rules) =>
      RECORD_TREES.reduce(
        (text, [tree]) =>
          withNode(text, '', (root) =>
            addChild(root, tree, { $cid: { '.read': `auth != null && ${MEMBERSHIP}` } }),
          ),
        rules,
      ),
    killedBy: RECORD_TREES.flatMap(([, what]) =>
      (['owner', 'other member'] as const).map(
        (role) => `· ${role} · read · denied: reads the ${what} records of a group`,
      ),
    ),
  },
  {
    name: "a group's members read what each other cheered and nudged (groupGiven)",
    file: 'database.rules.json',
    mutate: (rules) => editDatabaseRules(rules, [GIVEN_READ], 'auth.uid === $uid', MEMBERSHIP),
    killedBy: ['reads who cheered and nudged it (another member’s record, same group)'],
  },
  {
    name: 'any signed-in member reads what another cheered and nudged (groupGiven)',
    file: 'database.rules.json',
    mutate: (rules) => editDatabaseRules(rules, [GIVEN_READ], ' && auth.uid === $uid', ''),
    killedBy: [
      'reads who cheered and nudged it (another member’s record, same group)',
      'reads what a member of a group it has not joined cheered',
      'groupGiven/{cid}/{uid} · admin · read · denied: reads what a member cheered and nudged',
    ],
  },
  {
    name: "a group's members read every member's cheers and nudges at once (groupGiven/{cid})",
    file: 'database.rules.json',
    mutate: (rules) =>
      withNode(rules, 'groupGiven/$cid', (group) => {
        group['.read'] = `auth != null && ${MEMBERSHIP}`;
      }),
    killedBy: [
      'reads every member’s cheers and nudges in its group at once',
      'reads who cheered and nudged it (another member’s record, same group)',
    ],
  },
  {
    name: 'a member writes its own record of cheers and nudges from the browser (groupGiven)',
    file: 'database.rules.json',
    mutate: (rules) =>
      withNode(rules, 'groupGiven/$cid/$uid', (own) => {
        own['.write'] = OWN('$uid');
      }),
    killedBy: [
      'marks a meal cheered on its own record without cheering',
      'clears its record to show "Cheer" again',
      'writes a record in a group it has not joined',
    ],
  },
  {
    name: 'a member writes its own notices (cheers nobody sent)',
    file: 'database.rules.json',
    mutate: (rules) =>
      withNode(rules, 'users/$uid/notices', (notices) => {
        notices['.write'] = OWN('$uid');
      }),
    killedBy: [
      'writes a notice of its own',
      'rewrites who sent a notice',
      'users/{uid}/notices · owner · delete · denied: deletes its notices',
    ],
  },
  {
    name: "any signed-in member reads another member's notices",
    file: 'database.rules.json',
    mutate: (rules) => editDatabaseRules(rules, [NOTICES_READ], 'auth.uid === $uid && ', ''),
    killedBy: [
      'reads the notices of the member it cheered',
      'users/{uid}/notices · member · query · denied: reads another member’s notices',
      'users/{uid}/notices · admin · query · denied: reads a member’s notices',
    ],
  },
  {
    name: 'a member downloads all its notices at once',
    file: 'database.rules.json',
    mutate: (rules) =>
      editDatabaseRules(
        rules,
        [NOTICES_READ],
        ' && query.limitToLast != null && query.limitToLast <= 20',
        '',
      ),
    killedBy: ['downloads all its notices at once', 'reads its newest 21 notices'],
  },
  {
    name: 'noticesSeenAt may be any number the member picks',
    file: 'database.rules.json',
    mutate: (rules) =>
      editDatabaseRules(
        rules,
        [`${SEEN_AT}/.validate`],
        'newData.val() === now',
        'newData.isNumber()',
      ),
    killedBy: ['marks its notices seen at a time of its choosing'],
  },
  {
    name: "any signed-in member marks another member's notices seen",
    file: 'database.rules.json',
    mutate: (rules) => editDatabaseRules(rules, [`${SEEN_AT}/.write`], 'auth.uid === $uid && ', ''),
    killedBy: [
      'marks another member’s notices seen',
      'users/{uid}/noticesSeenAt · admin · update · denied: marks a member’s notices seen',
    ],
  },
  {
    name: 'a member removes its noticesSeenAt',
    file: 'database.rules.json',
    mutate: (rules) => editDatabaseRules(rules, [`${SEEN_AT}/.write`], ' && newData.exists()', ''),
    killedBy: ['removes its noticesSeenAt'],
  },
  {
    name: 'any signed-in member reads when another member last opened their notices',
    file: 'database.rules.json',
    mutate: (rules) =>
      editDatabaseRules(
        rules,
        [`${SEEN_AT}/.read`],
        'auth != null && auth.uid === $uid',
        'auth != null',
      ),
    killedBy: [
      'reads when another member last opened their notices',
      'users/{uid}/noticesSeenAt · member · read · denied: reads when a member last opened their notices',
    ],
  },
  {
    name: 'the invite token is a summary field every member reads',
    file: 'database.rules.json',
    mutate: (rules) =>
      withNode(rules, CHALLENGE, (challenge) =>
        addChild(challenge, 'invite', { '.read': 'auth != null' }),
      ),
    killedBy: [
      'reads the invite token of the group it joined',
      'reads another member’s invite token',
      ...REVOKED_ADMIN_KILLS_OF_GROUP_MUTANTS.inviteRead,
    ],
  },
  {
    name: 'the owner writes its invite from the browser (a token of its choosing)',
    file: 'database.rules.json',
    mutate: (rules) =>
      withNode(rules, CHALLENGE, (challenge) =>
        addChild(challenge, 'invite', { '.write': OWN('$uid') }),
      ),
    killedBy: [
      'writes an invite token of its own choosing',
      'reopens closed invitations from the browser',
      'removes its invite from the browser',
    ],
  },
  {
    name: 'the owner of a challenge (or of a joined copy) writes its group fields from the browser',
    file: 'database.rules.json',
    mutate: (rules) =>
      withNode(rules, CHALLENGE, (challenge) => {
        addChild(challenge, 'groupOwnerId', { '.write': OWN('$uid') });
        for (const field of ['access', 'memberCount']) {
          const node = challenge[field] as RulesNode;
          if ('.write' in node) throw new Error(`Mutant out of date: ${field} has a write rule`);
          node['.write'] = OWN('$uid');
        }
      }),
    killedBy: [
      'sets groupOwnerId on its own challenge',
      'forges memberCount on its challenge',
      'switches access to feed from the browser',
      'retitles and sets groupOwnerId in the same update',
      'removes groupOwnerId from its joined copy',
      'points its joined copy at another owner',
    ],
  },
  {
    name: "a group's members read the owner's whole challenge (plan, targets, invite)",
    file: 'database.rules.json',
    mutate: (rules) =>
      withNode(rules, CHALLENGE, (challenge) => {
        if ('.read' in challenge)
          throw new Error('Mutant out of date: a challenge has a read rule');
        challenge['.read'] = `auth != null && ${MEMBERSHIP}`;
      }),
    killedBy: [
      'opens the owner’s whole challenge (a member of the group)',
      'reads the owner’s targets (a member of the group)',
      'reads the owner’s meal macros (a member of the group)',
      'reads the targets of a member who joined its group',
      'reads the invite token of the group it joined',
    ],
  },
  {
    name: "deleting a feed entry trusts a challenge of that id under the deleter (a joined copy), not the entry's uid",
    file: 'database.rules.json',
    mutate: (rules) =>
      editDatabaseRules(
        rules,
        ['feed/$cid/.write'],
        "(!data.exists() || data.child('uid').val() === auth.uid) && ",
        '',
      ),
    killedBy: ['deletes the owner’s feed entry while holding a deleted copy of that id'],
  },
  {
    name: "retitling a feed entry trusts a challenge of that id under the editor (a joined copy), not the entry's uid",
    file: 'database.rules.json',
    mutate: (rules) =>
      editDatabaseRules(
        rules,
        ['feed/$cid/title/.write', 'feed/$cid/updatedAt/.write'],
        "data.parent().child('uid').val() === auth.uid",
        'true',
      ),
    killedBy: ['retitles its joined copy and the owner’s feed entry together'],
  },
  {
    name: 'every signed-in member may read a member’s private record (body stats)',
    file: 'database.rules.json',
    mutate: (rules) =>
      editDatabaseRules(
        rules,
        ['users/$uid/private/.read'],
        `auth != null && (auth.uid === $uid || ${ADMIN_RECORD_CHECK})`,
        'auth != null',
      ),
    killedBy: [
      "users/{uid}/private · member · read · denied: reads a member's email and body stats",
      "reads another member's private record",
      "users/{uid}/private · truthy admin · read · denied: reads a member's private record",
      'reads the body stats of the owner of the group it joined',
      'reads the body stats of a member who joined its group',
      ...REVOKED_ADMIN_KILLS_OF_GROUP_MUTANTS.privateRecord,
    ],
  },
  {
    name: "a group's members read each other's proofs by path",
    file: 'storage.rules',
    mutate: (rules) =>
      replaceOnce(rules, 'allow read: if isOwner(uid);', 'allow read: if isSignedIn();'),
    killedBy: [
      "} · member · read · denied: gets a download URL of a member's proof",
      "reads the metadata of another member's proof",
      "} · member · query · denied: lists the proofs of a member's challenge",
      "truthy admin · read · denied: gets a download URL of a member's proof",
      "truthy admin · query · denied: lists the proofs of a member's challenge",
      'gets a download URL of a group member’s proof by its path',
      'lists the proofs of a group member’s challenge',
      ...REVOKED_ADMIN_KILLS_OF_GROUP_MUTANTS.proofsByPath,
    ],
  },
];

/** Cases of tests/rules/cases/group-*.ts that existing mutants of rule-mutant-catalogue.ts kill as well. */
export const GROUP_KILLS_OF_EXISTING_MUTANTS = {
  disabledMemberWrites: ['marks its notices seen while disabled'],
  wholeChallengeToEveryMember: [
    'opens the owner’s whole challenge (a member of the group)',
    'reads the owner’s targets (a member of the group)',
    'reads the owner’s meal macros (a member of the group)',
    'reads the targets of a member who joined its group',
    'reads the invite token of the group it joined',
    'reads another member’s invite token',
  ],
};
