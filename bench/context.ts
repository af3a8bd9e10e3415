// What every scenario gets: the run's options, the shared MySQL provider, a progress logger; and
// the shape of a scenario module (one file per scenario under bench/scenarios/).
import type { MysqlProvider } from './databases.js';
import type { Row } from './report.js';

export interface BenchOptions {
  /** Measured seconds of each load run. */
  durationS: number;
  /** Unmeasured seconds before each load run (JIT, pools). */
  warmupS: number;
  /** Concurrent connections (autocannon) / visitors (flows). */
  connections: number;
  quick: boolean;
}

export interface ScenarioContext {
  options: BenchOptions;
  mysql: MysqlProvider;
  /** Progress line on stderr (stdout is for the table). */
  log(message: string): void;
}

export interface ScenarioResult {
  rows: Row[];
  /** Raw figures, kept in the JSON file. */
  details: unknown;
}

/** One scenario: its --only name, and how it runs. It must clean up everything it starts. */
export interface Scenario {
  name: string;
  description: string;
  run(ctx: ScenarioContext): Promise<ScenarioResult>;
}
