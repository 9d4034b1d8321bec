// What the contact will see of an interactive message, drawn from the dialog's form as it stands
// (before it is checked): the list with its button and options, the button message, the PIX request.
import { LIST_BUTTON_DEFAULT } from "@chatflow/core/contract/messages.ts";
import type { ReactNode } from "react";
import { ListIcon } from "../../ui/icons.tsx";
import { type InteractiveDraft, pixKeyShown } from "./interactive-draft.ts";

const brl = (raw: string) => {
  const s = raw.trim().replace(/^R\$\s*/, "");
  const n = Number(s.includes(",") ? s.replace(/\./g, "").replace(",", ".") : s);
  return Number.isFinite(n) && s !== "" ? `R$ ${n.toFixed(2).replace(".", ",")}` : "R$ —";
};

/** What the contact will see, drawn from the form as it stands (before it is checked). */
export function InteractivePreview({ draft, imageUrl = null }: { draft: InteractiveDraft; imageUrl?: string | null }) {
  const lines = (...parts: (ReactNode | string)[]) =>
    parts.filter((p) => (typeof p === "string" ? p.trim() : p)).map((p, i) => <p key={String(i)}>{p}</p>);
  let content: ReactNode;
  if (draft.kind === "list") {
    const l = draft.list;
    content = (
      <>
        {l.title.trim() && <strong>{l.title}</strong>}
        {lines(l.text)}
        {l.footer.trim() && <small className="composer-preview-footer">{l.footer}</small>}
        <span className="composer-preview-button">
          <ListIcon size={16} /> {l.buttonText.trim() || LIST_BUTTON_DEFAULT}
        </span>
        <ul className="composer-preview-sections">
          {l.sections.map((s) => (
            <li key={s.key}>
              {s.title.trim() && <span className="composer-preview-section-title">{s.title}</span>}
              <ul>
                {s.rows
                  .filter((r) => r.title.trim())
                  .map((r) => (
                    <li key={r.key}>
                      {r.title}
                      {r.description.trim() && <small> — {r.description}</small>}
                    </li>
                  ))}
              </ul>
            </li>
          ))}
        </ul>
      </>
    );
  } else if (draft.kind === "pix") {
    const p = draft.pix;
    content = (
      <>
        {p.title.trim() && <strong>{p.title}</strong>}
        <p>PIX {brl(p.sendvalue)}</p>
        {lines(p.sendmerchant_name)}
        <small className="composer-preview-footer">
          {p.sendkey_type}: {pixKeyShown(p) || "—"}
        </small>
      </>
    );
  } else {
    const b = draft.button;
    content = (
      <>
        {imageUrl && (
          <img className="composer-preview-image" src={imageUrl} alt="" data-testid="interactive-preview-image" />
        )}
        {lines(b.title)}
        {b.description.trim() && <small className="composer-preview-footer">{b.description}</small>}
        <span className="composer-preview-button">{b.buttonText.trim() || b.copyText.trim() || "—"}</span>
      </>
    );
  }
  return (
    <div className="composer-preview-bubble" data-testid="interactive-preview">
      {content}
    </div>
  );
}
