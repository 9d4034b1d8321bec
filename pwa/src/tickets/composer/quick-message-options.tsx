// The quick messages that match what is typed after '/': a listbox the text box drives by keys
// (aria-activedescendant), so an option never takes the focus; a click picks too.

import { useTranslation } from "react-i18next";
import type { QuickMatch } from "./quick-match.ts";

export function QuickMessageOptions({
  matches,
  listboxId,
  active,
  onPick,
}: {
  matches: QuickMatch[];
  listboxId: string;
  active: number;
  onPick: (index: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="composer-quick" role="listbox" id={listboxId} aria-label={t("composer.quickMessages")}>
      {matches.map((q, i) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the keys act from the text field (combobox pattern).
        <div
          key={`${q.personal ? "p" : "g"}-${q.id}`}
          id={`${listboxId}-${i}`}
          role="option"
          aria-selected={i === active}
          tabIndex={-1}
          className="composer-quick-item"
          data-testid="quick-option"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onPick(i)}
        >
          <span className="composer-quick-code">/{q.shortcode}</span>
          {q.personal && <span className="composer-quick-tag">{t("composer.personal")}</span>}
          {q.mediaPath && <span className="composer-quick-tag">{t("composer.quickMedia")}</span>}
          <span className="composer-quick-message">{q.message}</span>
        </div>
      ))}
    </div>
  );
}
