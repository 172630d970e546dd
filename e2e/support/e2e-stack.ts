import { testPorts } from '../../scripts/lib/stack';

export const e2eProjectId = 'demo-challangex-e2e';
export const e2ePreviewPort = 4174;
export const e2eBaseUrl = `http://127.0.0.1:${e2ePreviewPort}`;
export const e2ePorts = testPorts;
export const e2eNamespace = `${e2eProjectId}-default-rtdb`;
