// Which contacts a contact search offers (contact-search.ts): the send-contact dialog only WhatsApp people (a card
// needs a phone number), the reports' contact filter any contact a ticket may belong to, groups included
// (spec 3 §2 Reports; decision 0119).
import { describe, expect, it } from "vitest";
import { anyContact, mergeOptions } from "./contact-search.ts";

const contact = (id: number, name: string, o: { isGroup?: boolean; channel?: string } = {}) => ({
  id,
  name,
  number: `55119000000${id}`,
  email: "",
  urlPicture: "",
  isGroup: o.isGroup ?? false,
  channel: (o.channel ?? "whatsapp") as "whatsapp",
});

const replica = [
  contact(1, "Equipe Ana"),
  contact(2, "Equipe Vendas", { isGroup: true }),
  contact(3, "Equipe Insta", { channel: "instagram" }),
  contact(4, "Outra Pessoa"),
];
const server = [contact(5, "Equipe Suporte", { isGroup: true })];

describe("#contact search options", () => {
  it("offers only WhatsApp people by default (a contact card needs a number)", () => {
    expect(mergeOptions("equipe", replica, server).map((o) => o.id)).toEqual([1]);
  });

  it("offers groups and every channel's contacts to the reports' filter, marked as groups", () => {
    const options = mergeOptions("equipe", replica, server, anyContact);
    expect(options.map((o) => [o.name, o.isGroup])).toEqual([
      ["Equipe Ana", false],
      ["Equipe Insta", false],
      ["Equipe Suporte", true],
      ["Equipe Vendas", true],
    ]);
  });
});
