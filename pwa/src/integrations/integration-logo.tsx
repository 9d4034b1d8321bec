// A small badge per integration type for the list (spec 2 §2: a logo per type): drawn inline, nothing downloaded.
import type { IntegrationType } from "@chatflow/core/contract/integrations.ts";

const LOOK: Record<IntegrationType, { label: string; color: string }> = {
  dialogflow: { label: "DF", color: "#b45309" },
  n8n: { label: "n8n", color: "#be123c" },
  webhook: { label: "WH", color: "#3f51b5" },
  typebot: { label: "TB", color: "#0042da" },
  flowbuilder: { label: "FB", color: "#00695c" },
};

/** Decorative: the row names the type in words beside it. */
export function IntegrationLogo({ type }: { type: IntegrationType }) {
  const look = LOOK[type];
  return (
    <svg
      className="integration-logo"
      width="36"
      height="36"
      viewBox="0 0 36 36"
      aria-hidden="true"
      data-type={type}
      data-testid="integration-logo"
    >
      <rect width="36" height="36" rx="8" fill={look.color} />
      <text
        x="18"
        y="22.5"
        textAnchor="middle"
        fontSize={look.label.length > 2 ? 11 : 13}
        fontWeight="700"
        fontFamily="system-ui, sans-serif"
        fill="#fff"
      >
        {look.label}
      </text>
    </svg>
  );
}
