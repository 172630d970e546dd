/** A rules file (or one expression in it) the engine cannot accept. The message names the culprit. */
export class RulesError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RulesError';
  }
}

/** An error message pointing at a column of a rule expression. */
export function describeExpressionError(source: string, pos: number, message: string): string {
  return `${message} (at column ${pos + 1} of "${source}")`;
}
