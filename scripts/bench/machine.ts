/** The machine a bench ran on, so its figures can be compared with others. */
import { readFileSync } from 'node:fs';
import { cpus, totalmem, platform, release } from 'node:os';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  os: string;
}

function cpuModel(): string {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('model name'));
    if (line) return line.split(':')[1].trim();
  } catch {
    /* not Linux */
  }
  return cpus()[0]?.model ?? 'unknown CPU';
}

export function describeMachine(): Machine {
  return {
    cpu: cpuModel(),
    cores: cpus().length,
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${platform()} ${release()}`,
  };
}

export const machineLine = (machine: Machine) =>
  `${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM, Node ${machine.node}, ${machine.os}`;
