// The installable app's data (issue 20: screens call hooks; this file owns the API): the push subscription.
import { api } from "../app-services.ts";
import { enablePushNotifications } from "./push-subscription.ts";

/** Asks for the notification permission and stores the subscription with core; answers the permission. */
export function enablePush() {
  return enablePushNotifications(api);
}
