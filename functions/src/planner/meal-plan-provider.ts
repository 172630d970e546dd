import { planMeals, type MealPlan, type PlanRequest } from './meal-planner';
import { loadLpSolver } from './nutrition/lp-solver';

/** Where plans come from: the built-in planner, or an LLM with the planner as fallback. */
export type MealPlanProvider = (request: PlanRequest) => Promise<MealPlan>;

// Compiling the solver's WebAssembly takes 0.2–0.3 s of CPU: start it when the API loads (a cold start),
// not on the first plan. A failure surfaces on the first plan that awaits it.
loadLpSolver().catch(() => undefined);

export const builtInPlanner: MealPlanProvider = async (request) =>
  planMeals(request, await loadLpSolver());
