// What the pickers of the conversation's dialogs offer: colleagues for a transfer, tags for the
// contact. Pure, so the rules are tested without a screen.
import type { TagDTO } from "@chatflow/core/contract/contacts.ts";
import type { TagView } from "./contact-drawer-data.ts";

export type Person = { id: number; name: string };

/** spec 1 §5: the user search starts at 3 typed characters; fewer shows everyone. */
export function filterUsers(users: readonly Person[], text: string): Person[] {
  const q = text.trim().toLowerCase();
  if (q.length < 3) return [...users];
  return users.filter((u) => u.name.toLowerCase().includes(q));
}

export type TagOption = { id: string; label: string; tag?: TagDTO; create?: string };

/** The picker's options: the company's tags not on the contact that match, then 'create' for new text. */
export function tagOptions(
  companyTags: readonly TagDTO[],
  current: readonly TagView[],
  text: string,
  createLabel: (name: string) => string,
): TagOption[] {
  const q = text.trim().toLowerCase();
  const taken = new Set(current.map((t) => t.id ?? `name:${t.name.toLowerCase()}`));
  const matches: TagOption[] = companyTags
    .filter((t) => !taken.has(t.id) && (q === "" || t.name.toLowerCase().includes(q)))
    .map((t) => ({ id: `tag:${t.id}`, label: t.name, tag: t }));
  const exists = companyTags.some((t) => t.name.toLowerCase() === q) || current.some((t) => t.name.toLowerCase() === q);
  if (q !== "" && !exists)
    matches.push({ id: `new:${text.trim()}`, label: createLabel(text.trim()), create: text.trim() });
  return matches;
}
