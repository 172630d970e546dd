import loadHighs from 'highs';

/** A linear programme: minimise Σ cost·x subject to lower ≤ A·x ≤ upper and column bounds. */
export interface LinearModel {
  columns: { cost: number; lower: number; upper: number }[];
  /** Each row's entries are [column index, coefficient], a column at most once per row. */
  rows: { lower: number; upper: number; entries: [number, number][] }[];
}

/** The value of each column (by index), or why there is none. */
export type LpOutcome =
  { status: 'optimal'; values: Float64Array } | { status: 'failed'; reason: string };

/** Solves one linear programme, synchronously once loaded. */
export type LpSolver = (model: LinearModel) => LpOutcome;

// Passed as arrays rather than LP text (parsing was most of the time), without presolve (the models are
// small and every row matters), by the dual simplex: about 2 ms for a 7-day plan's 500 columns.
const OPTIONS = { output_flag: false, presolve: 'off', solver: 'simplex', time_limit: 2 } as const;

let loading: Promise<LpSolver> | undefined;

/**
 * HiGHS compiled to WebAssembly (the `highs` package; docs/nutrition.md#how-plans-are-chosen), loaded
 * once per process; solving is synchronous afterwards, so a plan can be made inside a transaction.
 */
export function loadLpSolver(): Promise<LpSolver> {
  loading ??= loadHighs().then((highs) => (model: LinearModel): LpOutcome => {
    const starts = [0];
    const indices: number[] = [];
    const values: number[] = [];
    for (const row of model.rows) {
      for (const [column, value] of row.entries) {
        indices.push(column);
        values.push(value);
      }
      starts.push(indices.length);
    }
    const solver = highs.createModel({
      numCols: model.columns.length,
      numRows: model.rows.length,
      colCost: model.columns.map((column) => column.cost),
      colLower: model.columns.map((column) => column.lower),
      colUpper: model.columns.map((column) => column.upper),
      rowLower: model.rows.map((row) => row.lower),
      rowUpper: model.rows.map((row) => row.upper),
      matrix: {
        format: 'csr',
        numRows: model.rows.length,
        numCols: model.columns.length,
        starts,
        indices,
        values,
      },
    });
    try {
      solver.options.set(OPTIONS);
      solver.run();
      const status = solver.getModelStatus();
      if (status !== highs.constants.modelStatus.optimal)
        return { status: 'failed', reason: `HiGHS model status ${status}` };
      return { status: 'optimal', values: solver.getSolution().colValue };
    } finally {
      solver.dispose();
    }
  });
  return loading;
}
