/** `npm run seed`: loads the demo data into an already running dev stack (see `npm run dev`). */
import { seedDemoData } from './lib/demo-seed';
import { devPorts, stackEnv } from './lib/stack';

const projectId = process.env.GCLOUD_PROJECT ?? 'demo-challangex';
for (const [key, value] of Object.entries(stackEnv({ projectId, ports: devPorts })))
  process.env[key] ??= value;
await seedDemoData({ projectId });
console.log('Demo data seeded.');
