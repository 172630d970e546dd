import { describeRulesMatrix } from './support/rules-matrix';
import { databaseFixture } from './support/database-world';
import { memberRecordCases } from './cases/member-records-cases';
import { challengeCases } from './cases/challenge-cases';
import { publicCases } from './cases/public-cases';
import { websiteCases } from './cases/website-cases';
import { moderationCases } from './cases/moderation-cases';
import { progressCases } from './cases/progress-cases';
import { adminClaimDatabaseCases } from './cases/admin-claim-cases';
import { adminRecordCases, revokedAdminDatabaseCases } from './cases/admin-record-cases';
import { groupAdminClaimCases, groupCases } from './cases/group-cases';
import { reminderCases } from './cases/reminder-cases';
import { proofClaimCases } from './cases/proof-claim-cases';

describeRulesMatrix('database.rules.json: member records', memberRecordCases, databaseFixture);
describeRulesMatrix(
  'database.rules.json: challenges and meal proofs',
  challengeCases,
  databaseFixture,
);
describeRulesMatrix(
  'database.rules.json: feed, leaderboards and root',
  publicCases,
  databaseFixture,
);
describeRulesMatrix('database.rules.json: website', websiteCases, databaseFixture);
describeRulesMatrix('database.rules.json: moderation and audit', moderationCases, databaseFixture);
describeRulesMatrix(
  'database.rules.json: streaks, glance and weight log (server-written)',
  progressCases,
  databaseFixture,
);
describeRulesMatrix(
  'database.rules.json: group challenges (groups, cheers, nudges, notices, invites)',
  groupCases,
  databaseFixture,
);
describeRulesMatrix(
  'database.rules.json: an admin claim that is truthy but not true',
  [...adminClaimDatabaseCases, ...groupAdminClaimCases],
  databaseFixture,
);
describeRulesMatrix(
  'database.rules.json: admins/{uid}, and an admin revoked while the token still says admin',
  [...adminRecordCases, ...revokedAdminDatabaseCases],
  databaseFixture,
);
describeRulesMatrix(
  'database.rules.json: meal reminders (push subscriptions, settings, state: server-only)',
  reminderCases,
  databaseFixture,
);
describeRulesMatrix(
  'database.rules.json: proof claims (server-only)',
  proofClaimCases,
  databaseFixture,
);
