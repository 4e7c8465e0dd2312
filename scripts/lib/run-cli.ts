/** An error class whose message is meant for the person at the terminal. */
type ExplainedError = abstract new (...args: never[]) => Error;

export interface CliFailure {
  /** What a known failure's message follows: 'Backup failed' gives "Backup failed: <message>". */
  label: string;
  /** The errors that explain themselves; any other error is printed whole, with its stack. */
  explained: readonly ExplainedError[];
}

/**
 * Runs a command-line script's `main` with the process arguments and exits with the code it
 * returns (0 done, 2 usage, …). A failure exits with 1: an explained error as one line, any
 * other error whole, since it is a bug to report.
 *
 * @example
 * runCli(main, { label: 'Backup failed', explained: [BackupError, ConfigError] });
 */
export function runCli(main: (args: string[]) => Promise<number>, failure: CliFailure): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof Error && failure.explained.some((type) => error instanceof type)) {
        console.error(`${failure.label}: ${error.message}`);
        process.exit(1);
      }
      console.error(error);
      process.exit(1);
    },
  );
}
