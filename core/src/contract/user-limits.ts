// Bounds of user fields that the PWA's first screens need without loading zod (the inbox's
// first load stays small; contract/users.ts holds the schemas that use them).

/** Bounds of User.defaultTicketsManagerWidth (column default 550). */
export const TICKETS_MANAGER_WIDTH = { min: 250, max: 2000 } as const;
