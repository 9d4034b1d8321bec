// Messenger people known only by a `user_ref` (issue 22): a guest of the website's chat plugin, or a visitor who ticked
// the checkbox plugin, whose events name `sender.user_ref` (or `optin.user_ref`, without a sender) instead of a
// page-scoped id. They are kept as contacts whose number is the user_ref behind a prefix no PSID has, and the Send API
// answers them by `recipient.user_ref` (Meta's Send API reference): both the webhook and the worker's adapter read it here.

/** A contact number standing for a user_ref. PSIDs are digits only, so the two never meet. */
export const USER_REF_PREFIX = "user_ref:";

/** A user_ref as stored: visible ASCII, no space, at most 256 characters (Meta chooses or the site does). */
const USER_REF = /^[\x21-\x7e]{1,256}$/;

/** The contact number for a user_ref, or null when it is not one we can keep. */
export function userRefContact(userRef: string | undefined): string | null {
  return userRef !== undefined && USER_REF.test(userRef) ? `${USER_REF_PREFIX}${userRef}` : null;
}

/** The Send API's recipient for a contact number: `{user_ref}` for a user_ref contact, else its PSID/IGSID. */
export function sendRecipient(to: string): { id: string } | { user_ref: string } {
  return to.startsWith(USER_REF_PREFIX) ? { user_ref: to.slice(USER_REF_PREFIX.length) } : { id: to };
}
