/** Command-line flags shared by the benchmark suites. */
import { parseArgs } from 'node:util';

/** The parsed flags. */
export interface BenchOptions {
  connections: number;
  /** Seconds per endpoint. */
  duration: number;
  /** Directory for a CPU profile of the server child, if one is wanted. */
  cpuProf: string | undefined;
}

/** A flag's value as a positive whole number, or an error naming the flag. */
export function positiveInteger(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`--${name} must be a positive whole number, not \`${text}\``);
  return value;
}

/** Parses `--duration <s>`, `--connections <n>` and `--cpu-prof <dir>`. */
export function parseBenchOptions(args: string[]): BenchOptions {
  const { values } = parseArgs({
    args,
    options: {
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '64' },
      'cpu-prof': { type: 'string' },
    },
    strict: true,
  });
  return {
    duration: positiveInteger('duration', values.duration),
    connections: positiveInteger('connections', values.connections),
    cpuProf: values['cpu-prof'],
  };
}
