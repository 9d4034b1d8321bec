// The contact edit form's rules (spec 1 §5 contact form), apart from the dialog so they are
// tested on their own: the contract's schemas and messages, and only what changed is sent.
import type { TUpdateContactRequest } from "@chatflow/core/contract/contacts.ts";
import {
  ZContactEmailSchema,
  ZContactNameSchema,
  ZContactNumberSchema,
  ZExtraInfoItemSchema,
} from "@chatflow/core/contract/contacts.ts";
import type { ContactDTO } from "@chatflow/core/contract/entities.ts";
import type { z } from "zod";

/** One custom field in the form; `id` when it already exists (it keeps its id). */
export type Row = { key: number; id?: number; name: string; value: string };
export type Errors = Partial<Record<"name" | "number" | "email", string>> & { info?: Record<number, string> };

const firstMessage = (r: z.ZodSafeParseResult<unknown>) => (r.success ? undefined : r.error.issues[0]?.message);

/** Checks the form; answers the request of what changed, or the errors to show. */
export function contactEditRequest(
  initial: Pick<ContactDTO, "name" | "number" | "email">,
  form: { name: string; number: string; email: string; extraInfo: Row[] | null },
): { request: TUpdateContactRequest } | { errors: Errors } {
  const errors: Errors = {};
  const name = ZContactNameSchema.safeParse(form.name);
  if (!name.success) errors.name = firstMessage(name);
  const numberChanged = form.number.trim() !== initial.number;
  const number = numberChanged ? ZContactNumberSchema.safeParse(form.number) : null;
  if (number && !number.success) errors.number = firstMessage(number);
  const email = ZContactEmailSchema.safeParse(form.email);
  if (!email.success) errors.email = firstMessage(email);
  const info: NonNullable<TUpdateContactRequest["extraInfo"]> = [];
  for (const row of form.extraInfo ?? []) {
    const item = ZExtraInfoItemSchema.safeParse({ id: row.id, name: row.name, value: row.value });
    if (item.success) info.push(item.data);
    else errors.info = { ...errors.info, [row.key]: firstMessage(item) ?? "" };
  }
  if (Object.keys(errors).length > 0) return { errors };
  const request: TUpdateContactRequest = {};
  if (name.success && name.data !== initial.name) request.name = name.data;
  if (number?.success) request.number = number.data;
  if (email.success && email.data !== initial.email) request.email = email.data;
  if (form.extraInfo) request.extraInfo = info;
  return { request };
}
