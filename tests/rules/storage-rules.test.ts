import { describeRulesMatrix } from './support/rules-matrix';
import { storageFixture } from './support/storage-world';
import { INITIAL_OBJECTS, storageCases } from './cases/storage-cases';
import { adminClaimStorageCases } from './cases/admin-claim-cases';
import { revokedAdminStorageCases } from './cases/admin-record-cases';
import { groupStorageCases } from './cases/group-challenge-cases';

describeRulesMatrix('storage.rules', storageCases, storageFixture(INITIAL_OBJECTS));
describeRulesMatrix(
  'storage.rules: group members (proofs reach them as download URLs, never by path)',
  groupStorageCases,
  storageFixture(INITIAL_OBJECTS),
);
describeRulesMatrix(
  'storage.rules: an admin claim that is truthy but not true',
  adminClaimStorageCases,
  storageFixture(INITIAL_OBJECTS),
);
describeRulesMatrix(
  'storage.rules: an admin revoked while the token still says admin',
  revokedAdminStorageCases,
  storageFixture(INITIAL_OBJECTS),
);
