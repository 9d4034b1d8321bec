// A notice over the conversation (connection down, held by the channel, the 24-hour window...): on a desk it
// reads whole; on a phone it keeps to one line, cut with an ellipsis, and the chevron beside it shows the rest
// (decision 0088). The whole text is always in the page, so a screen reader reads it all either way.
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { IconButton } from "../ui/button.tsx";
import { ChevronDownIcon } from "../ui/icons.tsx";
import { NARROW_QUERY, useMediaQuery } from "../ui/use-media-query.ts";

export function NoticeLine({
  className,
  icon,
  live = true,
  children,
  actions,
  "data-testid": testId,
  ...data
}: {
  className: string;
  icon?: ReactNode;
  /** A live region (role status) by default; not inside a region that already is one. */
  live?: boolean;
  /** The notice's text. */
  children: ReactNode;
  /** Buttons that act on the notice (pick a template): they stay visible when the text is folded. */
  actions?: ReactNode;
  "data-testid"?: string;
  [data: `data-${string}`]: string | undefined;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery(NARROW_QUERY);
  const [expanded, setExpanded] = useState(false);
  const folded = phone && !expanded;
  return (
    <div
      className={`${className} notice-line`}
      role={live ? "status" : undefined}
      data-folded={folded ? "true" : undefined}
      data-testid={testId}
      {...data}
    >
      <p className="notice-line-text">
        {icon}
        <span className="notice-line-words">{children}</span>
      </p>
      {actions}
      {phone && (
        <IconButton
          label={expanded ? t("conversationLayout.noticeLess") : t("conversationLayout.noticeMore")}
          aria-expanded={expanded}
          onPress={() => setExpanded((open) => !open)}
          className="notice-line-toggle"
          data-testid="notice-toggle"
        >
          <ChevronDownIcon size={18} />
        </IconButton>
      )}
    </div>
  );
}
