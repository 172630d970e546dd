import { describeRulesMatrix } from './support/rules-matrix';
import { databaseFixture } from './support/database-world';
import { memberRecordCases } from './cases/member-records-cases';

describeRulesMatrix('database.rules.json: member records', memberRecordCases, databaseFixture);
