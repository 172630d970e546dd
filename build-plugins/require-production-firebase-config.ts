import type { Plugin } from 'vite';
import { describeProblems, productionConfigProblems } from '../scripts/lib/firebase-web-config.ts';

/**
 * A production build takes its Firebase config from the environment
 * (.env.production.local or CI; see .env.example) and stops, naming each
 * missing variable, rather than ship an app wired to nothing or to the emulators.
 */
export function requireProductionFirebaseConfig(): Plugin {
  return {
    name: 'require-production-firebase-config',
    apply: (_config, { command, mode }) => command === 'build' && mode === 'production',
    configResolved({ env }) {
      const problems = productionConfigProblems(env);
      if (problems.length === 0) return;
      const error = new Error(describeProblems(problems));
      error.stack = error.message; // what to fix, not where Vite noticed it
      throw error;
    },
  };
}
