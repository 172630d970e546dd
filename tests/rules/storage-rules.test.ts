import { describeRulesMatrix } from './support/rules-matrix';
import { storageFixture } from './support/storage-world';
import { INITIAL_OBJECTS, storageCases } from './cases/storage-cases';

describeRulesMatrix('storage.rules', storageCases, storageFixture(INITIAL_OBJECTS));
