/**
 * Mutants for both sides of every numeric limit of the rules: each bound is moved one step inward
 * (the value at the limit is refused, so the case at the limit must fail) and one step outward (the
 * first value past it is let through, so the case one past must fail).
 */
import { editDatabaseRules, replaceOnce, type RuleMutant } from './support/rule-mutants';

/** A bound stated as `<left> <= N` (an upper limit) or `<left> >= N` (a lower limit). */
export interface DatabaseBound {
  /** What is bounded, for the mutants' names. */
  what: string;
  /** The rule expressions stating it (addressed as editDatabaseRules does); all move together. */
  paths: readonly string[];
  /** Each fragment stating the bound, e.g. 'newData.val().length <= 254', once in every path. */
  fragments: readonly string[];
  /** The cases at the limit (allowed) and one past it (denied), each named by a unique title part. */
  atLimit: readonly string[];
  onePast: readonly string[];
}

function parseBound(fragment: string) {
  const parsed = /^(.*) (<=|>=) (\d+)$/.exec(fragment);
  if (!parsed) throw new Error(`Not a bound: ${fragment}`);
  const [, left, operator, limit] = parsed;
  return { left, upper: operator === '<=', limit: Number(limit) };
}

/** `x <= N` → `x < N`; `x >= N` → `x > N`. */
function refusingTheLimit(fragment: string): string {
  const { left, upper, limit } = parseBound(fragment);
  return `${left} ${upper ? '<' : '>'} ${limit}`;
}

/** `x <= N` → `x <= N + 1`; `x >= N` → `x >= N - 1`. */
function acceptingOnePast(fragment: string): string {
  const { left, upper, limit } = parseBound(fragment);
  return `${left} ${upper ? '<=' : '>='} ${upper ? limit + 1 : limit - 1}`;
}

function mutantsOfBound(bound: DatabaseBound): RuleMutant[] {
  const edit = (rules: string, change: (fragment: string) => string) =>
    bound.fragments.reduce(
      (text, fragment) => editDatabaseRules(text, bound.paths, fragment, change(fragment)),
      rules,
    );
  return [
    {
      name: `${bound.what}: the limit itself is refused`,
      file: 'database.rules.json',
      mutate: (rules) => edit(rules, refusingTheLimit),
      killedBy: bound.atLimit,
    },
    {
      name: `${bound.what}: one past the limit is accepted`,
      file: 'database.rules.json',
      mutate: (rules) => edit(rules, acceptingOnePast),
      killedBy: bound.onePast,
    },
  ];
}

const INFO = 'users/$uid/info';
const SOCIAL_NETWORKS = ['facebook', 'instagram', 'twitter', 'linkedin'] as const;
const LENGTH = (limit: number) => [`newData.val().length <= ${limit}`];

const lengthBounds: DatabaseBound[] = [
  {
    what: 'displayName (100 characters)',
    paths: [`${INFO}/displayName/.validate`],
    fragments: LENGTH(100),
    atLimit: ['takes a 100-character displayName (the limit)'],
    onePast: ['takes a 101-character displayName'],
  },
  {
    what: 'photoURL (2,048 characters)',
    paths: [`${INFO}/photoURL/.validate`],
    fragments: LENGTH(2048),
    atLimit: ['sets a 2,048-character photoURL (the limit)'],
    onePast: ['sets a 2,049-character photoURL'],
  },
  {
    what: 'bio (500 characters)',
    paths: [`${INFO}/bio/.validate`],
    fragments: LENGTH(500),
    atLimit: ['writes a 500-character bio (the limit)'],
    onePast: ['writes a 501-character bio'],
  },
  {
    what: "a member's social links (2,048 characters)",
    paths: SOCIAL_NETWORKS.map((network) => `users/$uid/social/${network}/.validate`),
    fragments: LENGTH(2048),
    atLimit: SOCIAL_NETWORKS.map((network) => `saves a 2,048-character ${network} link`),
    onePast: SOCIAL_NETWORKS.map((network) => `saves a 2,049-character ${network} link`),
  },
  {
    // The feed entry's title must equal the challenge's, so the two state one limit together.
    what: 'challenge title (100 characters)',
    paths: ['users/$uid/challenges/$cid/title/.validate', 'feed/$cid/title/.validate'],
    fragments: LENGTH(100),
    atLimit: ['retitles with a 100-character title (the limit)'],
    onePast: ['retitles with a 101-character title'],
  },
  {
    what: 'subscriber e-mail (254 characters)',
    paths: ['website/subscribers/$id/email/.validate'],
    fragments: LENGTH(254),
    atLimit: ['subscribes with a 254-character email (the limit)'],
    onePast: ['subscribes with a 255-character email'],
  },
  ...(
    [
      ['name', 100, '100-character name (the limit)', '101-character name'],
      ['email', 254, '254-character email (the limit)', '255-character email'],
      ['reason', 200, '200-character reason (the limit)', '201-character reason'],
      ['message', 2000, '2000-character message (the limit)', '2,001-character message'],
    ] as const
  ).map(([field, limit, atLimit, onePast]): DatabaseBound => ({
    what: `contact ${field} (${limit} characters)`,
    paths: [`website/contact/$id/${field}/.validate`],
    fragments: LENGTH(limit),
    atLimit: [`website/contact/{id} · visitor · create · allowed: sends a ${atLimit}`],
    onePast: [`website/contact/{id} · visitor · create · denied: sends a ${onePast}`],
  })),
];

/** A list query's cap on rows, from either end: `limitToFirst <= N` and `limitToLast <= N`. */
const capFragments = (cap: number) => [
  `query.limitToFirst <= ${cap}`,
  `query.limitToLast <= ${cap}`,
];

const BOARDS = [
  ['leaderboard/all', 'leaderboard/all/{uid}'],
  ['leaderboard/weekly/$week', 'leaderboard/weekly/{YYYY-Www}/{uid}'],
  ['leaderboard/monthly/$month', 'leaderboard/monthly/{YYYY-MM}/{uid}'],
] as const;

const rowCaps: DatabaseBound[] = [
  {
    what: 'feed page (100 rows)',
    paths: ['feed/.read'],
    fragments: capFragments(100),
    atLimit: [
      'reads the newest 100 entries (the cap)',
      'reads the oldest 100 entries (the cap)',
      // The profile's list of one author's challenges asks for the cap too.
      "reads one author's challenges by uid",
    ],
    onePast: ['reads the newest 101 entries', 'reads the oldest 101 entries'],
  },
  ...BOARDS.map(([rules, cases]): DatabaseBound => ({
    what: `${rules} page (100 rows)`,
    paths: [`${rules}/.read`],
    fragments: capFragments(100),
    atLimit: [
      `${cases} · member · query · allowed: reads the top 100`,
      `${cases} · member · query · allowed: reads the bottom 100`,
    ],
    onePast: [
      `${cases} · member · query · denied: reads the top 101`,
      `${cases} · member · query · denied: reads the bottom 101`,
    ],
  })),
  {
    what: "admin's page of the audit log (25 rows)",
    paths: ['moderation/audit/.read'],
    fragments: capFragments(25),
    atLimit: ['reads the newest 25 audit entries', 'reads the oldest 25 audit entries'],
    onePast: ['reads the newest 26 audit entries', 'reads the oldest 26 audit entries'],
  },
  {
    // A member's cheers and nudges, newest 20 by key (src/features/notices; tests/rules/cases/group-notice-cases.ts).
    what: "a member's page of notices (20 rows)",
    paths: ['users/$uid/notices/.read'],
    fragments: ['query.limitToLast <= 20'],
    atLimit: ['reads its newest 20 notices (the cap)'],
    onePast: ['reads its newest 21 notices (one past the cap)'],
  },
  ...(['subscribers', 'contact'] as const).map((list): DatabaseBound => ({
    what: `admin's page of website/${list} (25 rows)`,
    paths: [`website/${list}/.read`],
    fragments: capFragments(25),
    atLimit: [
      `${list}/{id} · admin · query · allowed: reads the newest 25`,
      `${list}/{id} · admin · query · allowed: reads the oldest 25`,
    ],
    onePast: [
      `${list}/{id} · admin · query · denied: reads the newest 26`,
      `${list}/{id} · admin · query · denied: reads the oldest 26`,
    ],
  })),
];

const bodyStatBounds: DatabaseBound[] = (
  [
    ['height', 100, 250],
    ['weight', 25, 300],
    ['age', 13, 110],
  ] as const
).flatMap(([field, lowest, highest]) => [
  {
    what: `${field}'s lowest (${lowest})`,
    paths: [`users/$uid/private/${field}/.validate`],
    fragments: [`newData.val() >= ${lowest}`],
    atLimit: [`saves ${field} ${lowest} (its lowest)`],
    onePast: [`saves ${field} ${lowest - 1} (below its lowest)`],
  },
  {
    what: `${field}'s highest (${highest})`,
    paths: [`users/$uid/private/${field}/.validate`],
    fragments: [`newData.val() <= ${highest}`],
    atLimit: [`saves ${field} ${highest} (its highest)`],
    onePast: [`saves ${field} ${highest + 1} (above its highest)`],
  },
]);

const storageMutant = (
  name: string,
  find: string,
  replace: string,
  killedBy: readonly string[],
): RuleMutant => ({
  name,
  file: 'storage.rules',
  mutate: (rules) => replaceOnce(rules, find, replace),
  killedBy,
});

/** The storage limits not stated as `<= N` (sizes through isImageUnder, names through patterns). */
const storageLimits: RuleMutant[] = [
  storageMutant(
    'a one-byte image is refused',
    'request.resource.size > 0',
    'request.resource.size > 1',
    ['uploads a one-byte JPEG (the smallest size)'],
  ),
  storageMutant(
    'an empty file is accepted',
    'request.resource.size > 0',
    'request.resource.size >= 0',
    ['uploads an empty file'],
  ),
  storageMutant(
    'avatars may be one byte over 2 MB',
    'isImageUnder(2 * 1024 * 1024)',
    'isImageUnder(2 * 1024 * 1024 + 1)',
    ['uploads an avatar of 2 MB and one byte'],
  ),
  storageMutant(
    'Day1 proofs are refused',
    "'Day[1-7]-(breakfast|lunch|dinner)(-[23])?[.]jpg'",
    "'Day[2-7]-(breakfast|lunch|dinner)(-[23])?[.]jpg'",
    [
      'uploads a 200 KB JPEG meal proof',
      'uploads a 600 KB PNG meal proof (resumable upload)',
      'uploads a WebP meal proof',
      'uploads a JPEG of exactly 5 MB',
      'uploads a one-byte JPEG (the smallest size)',
      'uploads a proof with the inline disposition of its own name',
    ],
  ),
  storageMutant(
    'Day7 proofs are refused',
    "'Day[1-7]-(breakfast|lunch|dinner)(-[23])?[.]jpg'",
    "'Day[1-6]-(breakfast|lunch|dinner)(-[23])?[.]jpg'",
    ['uploads the proof of Day 7 dinner'],
  ),
  storageMutant(
    'Day0 and Day8 proofs are accepted',
    "'Day[1-7]-(breakfast|lunch|dinner)(-[23])?[.]jpg'",
    "'Day[0-8]-(breakfast|lunch|dinner)(-[23])?[.]jpg'",
    [
      'uploads Day0-lunch.jpg into a challenge folder',
      'uploads Day8-breakfast.jpg into a challenge folder',
    ],
  ),
  storageMutant(
    'retries -2 and -3 are refused',
    "'Day[1-7]-(breakfast|lunch|dinner)(-[23])?[.]jpg'",
    "'Day[1-7]-(breakfast|lunch|dinner)[.]jpg'",
    [
      'uploads a second attempt at a rejected proof (-2)',
      'uploads a third attempt at a rejected proof (-3)',
    ],
  ),
  storageMutant(
    'a first attempt named -1 and a fourth attempt are accepted',
    "'Day[1-7]-(breakfast|lunch|dinner)(-[23])?[.]jpg'",
    "'Day[1-7]-(breakfast|lunch|dinner)(-[1-4])?[.]jpg'",
    [
      'uploads Day2-breakfast-1.jpg (no such attempt) into a challenge folder',
      'uploads Day2-breakfast-4.jpg (no such attempt) into a challenge folder',
    ],
  ),
  storageMutant(
    'challenge folder ids one character shorter or longer are accepted',
    "'-[0-9A-Za-z_-]{19}'",
    "'-[0-9A-Za-z_-]{18,20}'",
    [
      'uploads a proof into a 19-character folder id',
      'uploads a proof into a 21-character folder id',
    ],
  ),
];

/** Every numeric bound of database.rules.json (tests/rules/limit-coverage.test.ts keeps this whole). */
export const DATABASE_BOUNDS: readonly DatabaseBound[] = [
  ...lengthBounds,
  ...rowCaps,
  ...bodyStatBounds,
];

export const LIMIT_MUTANTS: readonly RuleMutant[] = [
  ...DATABASE_BOUNDS.flatMap(mutantsOfBound),
  ...storageLimits,
];
