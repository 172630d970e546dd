/** The id of the account menu's words for the new notices, which the phone's menu toggle also points to. */
export const NEW_NOTICES_ID = 'new-notices-count';
