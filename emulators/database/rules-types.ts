/** The rules engine's types, as the emulator uses them (engine: ./rules/compile.ts). */
export type { JsonValue, RulesAuth, RulesQuery, CompiledDatabaseRules } from './rules/compile';
