// A contact card as WhatsApp sends and shows it; the builder lives in the contract (the PWA writes the same row).
export { buildVCard } from "../contract/message-payloads.ts";
