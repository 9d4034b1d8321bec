// The subscription page's data (issue 20: screens call hooks; this file owns the paths and tables): the
// company's e-mail for the payment, kept for offline and refreshed from GET /companies/{id} while online.
import type { CompanyAnswer } from "@chatflow/core/contract/companies.ts";
import { useEffect, useState } from "react";
import { db } from "../app-db.ts";
import { api } from "../app-services.ts";
import { readCache, refreshCache } from "../store/cache.ts";

/** The company's e-mail: undefined until known, null when the company has none. */
export function useCompanyEmail(companyId: number | undefined, online: boolean): string | null | undefined {
  const [email, setEmail] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (!companyId) return;
    const key = `subscription:company:${companyId}`;
    void readCache<CompanyAnswer>(db, key).then((c) => c && setEmail(c.value.email));
    if (online)
      void refreshCache<CompanyAnswer>(db, api, key, `/companies/${companyId}`).then(
        (c) => setEmail(c.email),
        () => {},
      );
  }, [companyId, online]);
  return email;
}
