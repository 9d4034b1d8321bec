import "fake-indexeddb/auto";
import { MEDIA_MAX_BYTES } from "@chatflow/core/contract/messages.ts";
import { beforeEach, describe, expect, it } from "vitest";
import { errorText } from "../i18n/translate-error.ts";
import { type ChatflowDb, UPLOAD_ENTRY, type UploadArgs } from "../store/db.ts";
import { buildTicket, testDb } from "../test-support/factories.ts";
import { MediaRefused, mediaTypeOf, queuedMedia, sendMedia } from "./send-media.ts";

let db: ChatflowDb;
const ticket = buildTicket({ id: 4, contactId: 2, lastMessage: "antes" });
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], "praia.png", { type: "image/png" });

beforeEach(async () => {
  db = testDb();
  await db.tickets.put(ticket);
});

describe("#tickets.sendMedia", () => {
  it("writes the queued message, the file kept as a Blob in its upload entry, and the ticket's time (its preview stays the customer's)", async () => {
    const now = new Date("2025-03-04T05:06:07.000Z");
    const message = await sendMedia(db, { ticket, file: png(), caption: "  a vista  ", userId: 9, now });

    expect(message).toMatchObject({
      ticketId: 4,
      body: "a vista",
      mediaType: "image",
      mediaUrl: null,
      fromMe: true,
      ack: 0,
      userId: 9,
      createdAt: now.toISOString(),
    });
    expect(await db.messages.get(message.id)).toEqual(message);
    const [entry] = await db.outbox.toArray();
    expect(entry?.name).toBe(UPLOAD_ENTRY);
    const args = entry?.args as UploadArgs;
    expect(args).toMatchObject({
      id: message.id,
      ticketId: 4,
      fileName: "praia.png",
      caption: "a vista",
      isPrivate: false,
    });
    // What IndexedDB gives back is the file's bytes, not a reference to the picked file.
    expect(args.file).toBeInstanceOf(Blob);
    expect(new Uint8Array(await args.file.arrayBuffer())).toEqual(new Uint8Array(await png().arrayBuffer()));
    expect(await queuedMedia(db, message.id)).toBeInstanceOf(Blob);
    expect(await db.tickets.get(4)).toMatchObject({ lastMessage: "antes", updatedAt: now.toISOString() });
  });

  it("names a file without caption by its file name, and a recording by its kind", async () => {
    const photo = await sendMedia(db, { ticket, file: png(), userId: 1 });
    expect(photo.body).toBe("praia.png");
    const voice = await sendMedia(db, {
      ticket,
      file: new Blob(["ogg"], { type: "audio/ogg; codecs=opus" }),
      userId: 1,
    });
    expect(voice).toMatchObject({ body: "audio.ogg", mediaType: "audio" });
    const doc = await sendMedia(db, {
      ticket,
      file: new Blob(["%PDF"], { type: "application/pdf" }),
      fileName: "orçamento.pdf",
      userId: 1,
      isPrivate: true,
    });
    expect(doc).toMatchObject({ body: "orçamento.pdf", mediaType: "application", isPrivate: true });
    expect((await db.outbox.toArray()).at(-1)?.args).toMatchObject({ isPrivate: true });
  });

  it("refuses an empty or too large file before storing anything, in words the person can read", async () => {
    const huge = { size: MEDIA_MAX_BYTES + 1, type: "video/mp4" } as Blob;
    await expect(sendMedia(db, { ticket, file: huge, fileName: "x.mp4", userId: 1 })).rejects.toBeInstanceOf(
      MediaRefused,
    );
    const refused = await sendMedia(db, { ticket, file: huge, fileName: "x.mp4", userId: 1 }).catch((e) => e);
    expect(refused.error).toBe("ERR_PAYLOAD_TOO_LARGE");
    expect(errorText(refused)).not.toBe("ERR_PAYLOAD_TOO_LARGE");
    await expect(sendMedia(db, { ticket, file: new Blob([]), fileName: "x", userId: 1 })).rejects.toMatchObject({
      error: "ERR_VALIDATION",
    });
    expect(await db.messages.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it("writes nothing when part of the transaction fails", async () => {
    db.tickets.hook("updating", () => {
      throw new Error("disk full");
    });
    await expect(sendMedia(db, { ticket, file: png(), userId: 1 })).rejects.toThrow("disk full");
    expect(await db.messages.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it("maps MIME types to the kinds core stores", () => {
    expect(mediaTypeOf("image/webp")).toBe("image");
    expect(mediaTypeOf("video/mp4")).toBe("video");
    expect(mediaTypeOf("audio/mpeg")).toBe("audio");
    expect(mediaTypeOf("application/pdf")).toBe("application");
    expect(mediaTypeOf("")).toBe("application");
  });
});
