/** Types of processes.mjs (plain JavaScript: the image runs it with no TypeScript loader). */
export interface DeployedProcess {
  /** Built files (repository-relative), run in order. */
  run: readonly string[];
  /** The setting that chooses the port of a process that serves HTTP. */
  portSetting?: string;
}
export declare const PROCESSES: Readonly<Record<string, DeployedProcess>>;
