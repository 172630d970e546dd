import { planMeals, type MealPlan, type PlanRequest } from '../../src/domain/meal-planner';
import { loadLpSolver } from '../../src/domain/nutrition/lp-solver';

/** Where plans come from: the built-in planner, or an LLM with the planner as fallback. */
export type MealPlanProvider = (request: PlanRequest) => Promise<MealPlan>;

export const builtInPlanner: MealPlanProvider = async (request) =>
  planMeals(request, await loadLpSolver());
