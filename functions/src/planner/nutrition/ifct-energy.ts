/** IFCT 2017 gives energy in kJ per 100 g; the app speaks kcal. */
export const KJ_PER_KCAL = 4.184;
/** IFCT 2017's energy factor for fat, used where the table lists an oil at 0 kJ beside 100 g of fat. */
export const FAT_KJ_PER_GRAM = 37;

/** kcal per 100 g from IFCT's energy column, or from its fat for the fats and oils it leaves at 0. */
export function ifctKcalPer100g(energyKj: number, fatGrams: number): number {
  const kj = energyKj > 0 ? energyKj : fatGrams * FAT_KJ_PER_GRAM;
  return kj / KJ_PER_KCAL;
}
