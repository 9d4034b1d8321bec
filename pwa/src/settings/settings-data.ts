// One company setting read over REST (GET /companySettingOne?column=...) for screens that only need to know
// how a feature is set (the queues' hours tab, a connection's rating), apart from the settings page's editor.
import { useMemo } from "react";
import { useRestQuery } from "../api/use-rest-query.ts";
import { api } from "../app-services.ts";

/** The company's settings named in `columns`, while `online`; a column not answered (yet) is undefined. */
export function useCompanySettings<C extends string>(
  columns: readonly C[],
  online: boolean,
): Partial<Record<C, string>> | undefined {
  const key = online ? columns.join(",") : null;
  const query = useRestQuery<Partial<Record<C, string>>>(key, {
    load: async (joined) => {
      const names = joined.split(",") as C[];
      const answers = await Promise.all(
        names.map((column) =>
          api.get<Record<string, string | undefined>>(`/companySettingOne?column=${column}`).then((r) => r[column]),
        ),
      );
      return Object.fromEntries(names.map((c, i) => [c, answers[i]])) as Partial<Record<C, string>>;
    },
  });
  // An answer that failed leaves the features as they were (the screens fall back to "disabled").
  return useMemo(() => query.data, [query.data]);
}
