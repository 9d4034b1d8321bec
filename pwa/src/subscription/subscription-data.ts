// The subscription page's data (issue 20: screens call hooks; this file owns the paths and tables): the
// company's e-mail for the payment, kept for offline and refreshed from GET /companies/{id} while online.
import type { CompanyAnswer } from "@chatflow/core/contract/companies.ts";
import { keptInCache, useRestQuery } from "../api/use-rest-query.ts";

/** The company's e-mail: undefined until known, null when the company has none. */
export function useCompanyEmail(companyId: number | undefined, online: boolean): string | null | undefined {
  const company = useRestQuery<CompanyAnswer>(companyId && online ? `/companies/${companyId}` : null, {
    keep: companyId ? keptInCache(`subscription:company:${companyId}`) : undefined,
  });
  return company.data?.email;
}
