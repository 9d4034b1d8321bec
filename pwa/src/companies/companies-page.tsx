// /companies (spec 3 §2 Companies page, super user only: app-routes.ts; others get a toast and go home).
import { useOnline } from "../layout/use-online.ts";
import { CompaniesView } from "./companies-view.tsx";

export function CompaniesPage() {
  const online = useOnline();
  return <CompaniesView online={online} asPage />;
}
