// Names of co-edited documents, `company/{companyId}/{kind}/{id}` (docs/architecture.md).
// The server parses a name before any access check; the PWA builds names with
// the same module, so it stays free of server dependencies.

/** Every kind of co-edited document; a name with any other kind is refused. */
export const DOCUMENT_KINDS = ["quick-messages", "flow", "kanban"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export type DocumentName = { companyId: number; kind: DocumentKind; id: string };

// Ids end up in IndexedDB names and log lines: keep them short and plain.
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const COMPANY_ID = /^[1-9][0-9]{0,9}$/;

export function isDocumentKind(kind: string): kind is DocumentKind {
  return (DOCUMENT_KINDS as readonly string[]).includes(kind);
}

export function formatDocumentName(name: DocumentName): string {
  return `company/${name.companyId}/${name.kind}/${name.id}`;
}

/** The parts of a well-formed name with a known kind, else null. */
export function parseDocumentName(name: string): DocumentName | null {
  const parts = name.split("/");
  if (parts.length !== 4) return null;
  const [prefix, companyId = "", kind = "", id = ""] = parts;
  if (prefix !== "company" || !COMPANY_ID.test(companyId) || !isDocumentKind(kind) || !ID.test(id)) return null;
  return { companyId: Number(companyId), kind, id };
}
