// The external messages API token of a connection (spec 3 §9: 30 random characters).
import { randomInt } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const CONNECTION_TOKEN_LENGTH = 30;

export function generateConnectionToken(): string {
  let out = "";
  for (let i = 0; i < CONNECTION_TOKEN_LENGTH; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}
