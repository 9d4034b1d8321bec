// The search's message section (issue 21, decision 0089): opening a conversation at a match (the message fetched
// into the replica when it is older than what it holds, message-search-data.ts). The matched words come marked from
// the server or the offline search (issue 25, decision 0115: ranges over plain text).

/** The address that opens a conversation at one of its messages. */
export const matchHref = (ticketUuid: string, messageId: string) =>
  `/tickets/${ticketUuid}?message=${encodeURIComponent(messageId)}`;
