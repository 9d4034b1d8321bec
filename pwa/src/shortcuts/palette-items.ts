// What the command palette lists besides conversations: the screens this person may open (the same rules as the
// side menu and the route gate, app-routes.ts) and the text match that narrows them and the ticket's actions.
import { type AccessContext, APP_ROUTES, type AppRoute, decideRoute } from "../layout/app-routes.ts";

/** Every screen the person may open now: allowed, built, under this plan; not those that need an id in the path. */
export function paletteScreens(ctx: AccessContext | null): AppRoute[] {
  if (!ctx) return [];
  return APP_ROUTES.filter((r) => !r.path.includes(":") && decideRoute(r, ctx) === "allow");
}

/** Lower case without accents: 'Relatórios' is found by 'relat' and by 'relatorios'. */
export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/** Whether every word typed is in the label (in any order). */
export function matchesQuery(label: string, query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const text = fold(label);
  return words.every((w) => text.includes(w));
}
