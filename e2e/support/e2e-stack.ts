import type { StackPorts } from '../../scripts/lib/stack';

/**
 * Every e2e run gets its own free ports (chosen in global setup, passed to the
 * workers through the environment), so parallel runs never share a stack.
 */
export const e2eProjectId = 'demo-challangex-e2e';
export const e2eNamespace = `${e2eProjectId}-default-rtdb`;

export interface E2eStackInfo {
  ports: StackPorts;
  previewPort: number;
}

export function publishE2eStack(info: E2eStackInfo): void {
  process.env.E2E_STACK = JSON.stringify(info);
}

export function e2eStack(): E2eStackInfo {
  const raw = process.env.E2E_STACK;
  if (!raw)
    throw new Error(
      'E2E_STACK is not set: run the e2e tests through Playwright (its global setup starts the stack)',
    );
  return JSON.parse(raw) as E2eStackInfo;
}

export const e2eBaseUrl = () => `http://127.0.0.1:${e2eStack().previewPort}`;
