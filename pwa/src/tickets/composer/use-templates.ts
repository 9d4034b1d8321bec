// The Cloud API templates of a connection (decision 0053): core's answer (GET /whatsapp/{id}/templates) kept on
// the device, so the picker opens offline with the last list. The stores are given (the picker's tests give theirs;
// the app gives tickets-data.ts's dialogStores).
import type { ListMessageTemplatesResponse, MessageTemplate } from "@chatflow/core/contract/message-templates.ts";
import { useEffect, useState } from "react";
import type { ApiClient } from "../../api/http.ts";
import { errorText } from "../../i18n/translate-error.ts";
import { readCache, refreshCache } from "../../store/cache.ts";
import type { ChatflowDb } from "../../store/db.ts";

export const templatesCacheKey = (whatsappId: number) => `templates:${whatsappId}`;

type Loaded = { templates: MessageTemplate[] | null; loading: boolean; error: string | null };

/** The kept list at once, then core's when online; a failure keeps the kept one and says why. */
export function useTemplates(db: ChatflowDb, api: ApiClient, whatsappId: number, online: boolean): Loaded {
  const [state, setState] = useState<Loaded>({ templates: null, loading: true, error: null });
  useEffect(() => {
    let cancelled = false;
    const key = templatesCacheKey(whatsappId);
    void (async () => {
      const kept = await readCache<ListMessageTemplatesResponse>(db, key);
      if (cancelled) return;
      setState({ templates: kept?.value.templates ?? null, loading: online, error: null });
      if (!online) return;
      try {
        const fresh = await refreshCache<ListMessageTemplatesResponse>(
          db,
          api,
          key,
          `/whatsapp/${whatsappId}/templates`,
        );
        if (!cancelled) setState({ templates: fresh.templates, loading: false, error: null });
      } catch (err) {
        if (!cancelled) setState((s) => ({ ...s, loading: false, error: errorText(err) }));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [db, api, whatsappId, online]);
  return state;
}
