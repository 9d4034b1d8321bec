// Where the contact drawer goes (decision 0088): a full-screen sheet on a phone; on a desk beside the
// conversation when both fit, else over the conversation, so the drawer never squeezes the composer.

/** The drawer's width on a desk (spec 1: 320). */
export const DRAWER_WIDTH = 320;
/**
 * The least the conversation keeps beside the drawer: the composer's row then keeps its tools and still gives the
 * text box about 270 px (message-input.tsx FOLD_TOOLS_BELOW).
 */
export const CONVERSATION_BESIDE_DRAWER = 560;

export type DrawerPlacement = "sheet" | "beside" | "over";

/** `width` is the conversation's own width with the drawer closed (0 while not measured yet). */
export function drawerPlacement(phone: boolean, width: number): DrawerPlacement {
  if (phone) return "sheet";
  return width >= DRAWER_WIDTH + CONVERSATION_BESIDE_DRAWER ? "beside" : "over";
}
