/** A storage.rules file that this engine cannot load, with the line and column of the problem. */
export class RulesSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`storage.rules:${line}:${column}: ${message}`);
  }
}
