/** A rules file (or one expression in it) the engine cannot accept. The message names the culprit. */
export class RulesError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RulesError';
  }
}
