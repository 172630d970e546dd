/** The section's and the switch's words, the same on the profile and on a challenge (docs/product.md). */
export const REMINDERS_HEADING = 'Meal reminders';
export const REMINDERS_SWITCH = 'Remind me when a meal window opens';
