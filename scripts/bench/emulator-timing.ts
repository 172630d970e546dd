/**
 * How fast the local emulators stay at scale. These were wall-clock limits inside functional tests,
 * where a busy machine made them flaky without saying anything about correctness; here they are
 * figures beside a budget.
 */
import { get, limitToLast, orderByChild, query, ref, set } from 'firebase/database';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectDatabaseEmulator, getDatabase } from 'firebase/database';
import { startDatabaseEmulator } from 'challangex-emulators/database';
import { compileDatabaseRules, type JsonValue } from '../../emulators/database/rules/compile';

export interface EmulatorTiming {
  /** 1,000 rule checks of one write under a node of 10,000 validated children. */
  rulesChecksMs: number;
  /** Write 10,000 children, read them back and ask for the top 3 by a child (one client each). */
  tenThousandChildrenMs: number;
}

const CHILDREN = 10_000;

function timeRulesChecks(): number {
  const rules = compileDatabaseRules(
    JSON.stringify({
      rules: {
        items: {
          '.write': true,
          $id: { '.validate': "newData.hasChildren(['n']) && newData.child('n').isNumber()" },
        },
      },
    }),
  );
  const items: Record<string, JsonValue> = {};
  for (let i = 0; i < CHILDREN; i++) items[`k${i}`] = { n: i };
  const started = performance.now();
  for (let i = 0; i < 1000; i++) {
    const allowed = rules.canWrite({
      writes: [['items', 'k1']],
      auth: null,
      oldRoot: { items },
      newRoot: { items },
      now: 0,
    });
    if (!allowed) throw new Error('the rules refused a valid write');
  }
  return performance.now() - started;
}

async function timeTenThousandChildren(): Promise<number> {
  const emulator = await startDatabaseEmulator({ port: 0, log: () => {} });
  const app = initializeApp(
    { projectId: 'demo-bench-scale', databaseURL: `http://127.0.0.1:${emulator.port}?ns=bench` },
    'bench-scale',
  );
  try {
    const database = getDatabase(app);
    connectDatabaseEmulator(database, '127.0.0.1', emulator.port);
    const data: Record<string, { score: number }> = {};
    for (let i = 0; i < CHILDREN; i++) data[`k${i}`] = { score: (i * 7919) % CHILDREN };
    const started = performance.now();
    await set(ref(database, 'big'), data);
    const all = await get(ref(database, 'big'));
    if (all.size !== CHILDREN) throw new Error(`read back ${all.size} children`);
    const top = await get(query(ref(database, 'big'), orderByChild('score'), limitToLast(3)));
    if (top.size !== 3) throw new Error(`the top-3 query answered ${top.size} children`);
    return performance.now() - started;
  } finally {
    await deleteApp(app);
    await emulator.close();
  }
}

export async function measureEmulatorTiming(): Promise<EmulatorTiming> {
  return {
    rulesChecksMs: timeRulesChecks(),
    tenThousandChildrenMs: await timeTenThousandChildren(),
  };
}
