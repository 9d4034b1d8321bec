// The 24-hour window of the open ticket, foreseen on the device (decision 0053): when the contact last wrote on the
// ticket's connection, read from the replica (every ticket of the contact on that connection), so the composer
// says so before core refuses a free-form reply with ERR_OUTSIDE_MESSAGING_WINDOW. Core stays the authority: a
// conversation whose older messages are not on this device may look closed here while core finds it open.
import { windowBound, windowOpen } from "@chatflow/core/contract/customer-window.ts";
import type { Channel, TicketDTO } from "@chatflow/core/contract/entities.ts";
import { Dexie } from "dexie";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useState } from "react";
import { db } from "../app-db.ts";
import type { ChatflowDb } from "../store/db.ts";

export type WindowState = {
  channel: Channel;
  /** The channel has a window at all (Cloud API, Facebook, Instagram). */
  bound: boolean;
  /** A free-form reply may go out now. */
  open: boolean;
  /** When the contact last wrote on this connection, as the device knows it. */
  lastInboundAt: string | null;
};

type WindowTicket = Pick<TicketDTO, "contactId" | "whatsappId" | "channel">;

/** The latest message the contact wrote on the ticket's connection that this device holds. */
export async function lastInboundAt(store: ChatflowDb, ticket: WindowTicket): Promise<string | null> {
  const tickets = await store.tickets
    .where("contactId")
    .equals(ticket.contactId)
    .filter((t) => t.whatsappId === ticket.whatsappId)
    .toArray();
  let latest: string | null = null;
  for (const t of tickets) {
    const m = await store.messages
      .where("[ticketId+createdAt]")
      .between([t.id, Dexie.minKey], [t.id, Dexie.maxKey])
      .reverse()
      .filter((msg) => !msg.fromMe)
      .first();
    if (m && (latest === null || m.createdAt > latest)) latest = m.createdAt;
  }
  return latest;
}

/** The window's state now; the channel is the connection's (the ticket's own when the connection is not held). */
export async function readWindow(store: ChatflowDb, ticket: WindowTicket, now = new Date()): Promise<WindowState> {
  const connection = ticket.whatsappId === null ? undefined : await store.whatsapps.get(ticket.whatsappId);
  const channel = connection?.channel ?? ticket.channel;
  if (!windowBound(channel)) return { channel, bound: false, open: true, lastInboundAt: null };
  const last = await lastInboundAt(store, ticket);
  return { channel, bound: true, open: windowOpen(channel, last, now), lastInboundAt: last };
}

/** The open ticket's window, read again when its messages change and once a minute (it closes by the clock). */
export function useCustomerWindow(ticket: WindowTicket): WindowState | undefined {
  const [minute, setMinute] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setMinute((n) => n + 1), 60_000);
    return () => clearInterval(timer);
  }, []);
  return useLiveQuery(() => readWindow(db, ticket), [ticket.contactId, ticket.whatsappId, ticket.channel, minute]);
}
