// The import progress card (spec 2 §2, §4): per connection importing its history, processed of all
// messages and the date of the last report; -1 reads as preparing.
import type { WhatsappAnswer } from "@chatflow/core/contract/whatsapps.ts";
import { useTranslation } from "react-i18next";
import { ProgressBar } from "../ui/progress-bar.tsx";
import { importReading } from "./connection-status.ts";

export function ImportProgressCards({ connections }: { connections: readonly WhatsappAnswer[] }) {
  const { t, i18n } = useTranslation();
  const importing = connections.flatMap((c) => {
    const reading = importReading(c.importProgress ?? null);
    return reading ? [{ c, reading }] : [];
  });
  if (importing.length === 0) return null;
  return (
    <div className="connections-progress">
      {importing.map(({ c, reading }) => (
        <section key={c.id} className="connections-progress-card" data-testid="import-progress">
          <h2 className="connections-progress-title">{t("connectionsPage.progress.title", { name: c.name })}</h2>
          {"preparing" in reading ? (
            <ProgressBar
              label={t("connectionsPage.progress.label")}
              isIndeterminate
              valueText={t("connectionsPage.progress.preparing")}
            />
          ) : (
            <ProgressBar
              label={t("connectionsPage.progress.label")}
              value={reading.total > 0 ? Math.min(100, (reading.processed / reading.total) * 100) : 0}
              valueText={t("connectionsPage.progress.processed", reading)}
            />
          )}
          {c.importProgress?.date && (
            <p className="connections-muted">
              {t("connectionsPage.progress.since", {
                date: new Date(c.importProgress.date).toLocaleString(i18n.language, {
                  dateStyle: "short",
                  timeStyle: "short",
                }),
              })}
            </p>
          )}
        </section>
      ))}
    </div>
  );
}
