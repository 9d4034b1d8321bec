import { describe, expect, it } from "vitest";
import { saveMedia } from "../media/media-store.ts";
import { setPlatformSetting } from "../settings/platform-settings.ts";
import { buildContact, buildTicket } from "../testing/factories.ts";
import { startFakeOpenAi } from "../testing/fake-openai.ts";
import { buildInbox, buildMessage, type Inbox } from "../testing/messages-factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";

const openai = forFile(startFakeOpenAi, {
  stop: (fake) => fake.close(),
  afterEach(fake) {
    fake.reply = { text: "Olá, tudo bem?" };
  },
});
const core = coreForFile(() => ({ openaiBaseUrl: openai.url }));
const s = forFile(() => buildInbox(core));
const other = forFile(() => buildInbox(core));
forFile(() => setPlatformSetting(core.db.pool, "openaikeyaudio", openai.key));

const OGG = Buffer.from("OggS\0fake opus voice note bytes");

/** An inbound voice note stored like the channel stores one: its file in the company's media store. */
async function voiceNote(inbox: Inbox, o: { ticketId?: number; dataJson?: unknown } = {}, on = core) {
  const pool = on.db.pool;
  const m = await buildMessage(pool, {
    companyId: inbox.company.id,
    ticketId: o.ticketId ?? inbox.ticket.id,
    body: "",
  });
  const media = await saveMedia(on.config.dataDir, inbox.company.id, "voice.ogg", OGG);
  await pool.query("UPDATE messages SET media_type = 'audio', media_url = $2, data_json = $3 WHERE id = $1", [
    m.id,
    media.url,
    o.dataJson === undefined ? null : JSON.stringify(o.dataJson),
  ]);
  return { id: m.id, fileName: media.fileName };
}

const transcribe = (id: string, token = s.adminToken) => core.api("GET", `/messages/transcribeAudio/${id}`, { token });

const dataJsonOf = async (id: string) =>
  (await core.db.pool.query("SELECT data_json FROM messages WHERE id = $1", [id])).rows[0]?.data_json;

const changesOf = async (id: string) =>
  Number(
    (await core.db.pool.query("SELECT count(*) FROM change_log WHERE entity = 'messages' AND entity_id = $1", [id]))
      .rows[0].count,
  );

describe("#messages.transcribeAudio", () => {
  it("sends the stored audio file with the platform key and answers the text, for an agent who sees the ticket", async () => {
    const contact = await buildContact(core.db.pool, { companyId: s.company.id });
    const waiting = await buildTicket(core.db.pool, {
      companyId: s.company.id,
      contactId: contact.id,
      whatsappId: s.wa.id,
      status: "pending",
      queueId: s.queue.id,
    });
    const note = await voiceNote(s, { ticketId: waiting.id });
    const res = await transcribe(note.id, s.agentToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ transcribedText: "Olá, tudo bem?" });
    const call = openai.calls.at(-1)!;
    expect(call).toMatchObject({
      authorization: `Bearer ${openai.key}`,
      model: "whisper-1",
      fileName: note.fileName,
      fileType: "audio/ogg",
    });
    expect(call.fileBytes.equals(OGG)).toBe(true);
  });

  it("answers a second request from the kept text without calling OpenAI again, and replicates it", async () => {
    const note = await voiceNote(s, { dataJson: { type: "audio", audio: { id: "media-1" } } });
    const before = openai.calls.length;
    const first = await transcribe(note.id);
    openai.reply = { text: "a different answer" };
    const second = await transcribe(note.id);
    expect(first.body).toEqual({ transcribedText: "Olá, tudo bem?" });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(openai.calls.length).toBe(before + 1);
    // Kept beside what the channel stored, and told to the replicas once.
    expect(await dataJsonOf(note.id)).toEqual({
      type: "audio",
      audio: { id: "media-1" },
      transcribedText: "Olá, tudo bem?",
    });
    expect(await changesOf(note.id)).toBe(1);
  });

  it("shares one OpenAI call among simultaneous requests for the same audio", async () => {
    const note = await voiceNote(s);
    const before = openai.calls.length;
    const answers = await Promise.all([1, 2, 3, 4].map(() => transcribe(note.id)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    for (const a of answers) expect(a.body).toEqual({ transcribedText: "Olá, tudo bem?" });
    expect(openai.calls.length).toBe(before + 1);
  });

  it("answers 'Dados de transcrição inválidos' when OpenAI hears no text, and keeps nothing", async () => {
    const note = await voiceNote(s);
    openai.reply = { text: "  " };
    const res = await transcribe(note.id);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: "ERR_INVALID_TRANSCRIPTION_DATA",
      message: "Dados de transcrição inválidos",
    });
    expect(await dataJsonOf(note.id)).toBeNull();
  });

  it("refuses a text message, an audio without its file and a deleted audio, without calling OpenAI", async () => {
    const before = openai.calls.length;
    const text = await buildMessage(core.db.pool, { companyId: s.company.id, ticketId: s.ticket.id, body: "oi" });
    const missing = await voiceNote(s);
    await core.db.pool.query("UPDATE messages SET media_url = $2 WHERE id = $1", [
      missing.id,
      `/media/${s.company.id}/gone-voice.ogg`,
    ]);
    const deleted = await voiceNote(s);
    await core.db.pool.query("UPDATE messages SET is_deleted = true WHERE id = $1", [deleted.id]);
    for (const id of [text.id, missing.id, deleted.id]) {
      const res = await transcribe(id);
      expect(res.status, id).toBe(400);
      expect(res.body.error, id).toBe("ERR_AUDIO_NOT_TRANSCRIBABLE");
    }
    expect(openai.calls.length).toBe(before);
  });

  it("answers 404 for another company's audio", async () => {
    const theirs = await voiceNote(other);
    const res = await transcribe(theirs.id);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("ERR_NO_MESSAGE_FOUND");
    expect(await dataJsonOf(theirs.id)).toBeNull();
  });

  it("answers 404 to an agent for an audio in a ticket they cannot see", async () => {
    // s.ticket is the admin's ticket in progress: agents of its queue do not see it.
    const note = await voiceNote(s);
    const res = await transcribe(note.id, s.agentToken);
    expect(res.status).toBe(404);
    expect((await transcribe(note.id, s.adminToken)).status).toBe(200);
  });

  it("says transcription is not configured when the platform has no OpenAI key", async () => {
    const note = await voiceNote(s);
    await setPlatformSetting(core.db.pool, "openaikeyaudio", "");
    try {
      const res = await transcribe(note.id);
      expect(res.status).toBe(503);
      expect(res.body.error).toBe("ERR_TRANSCRIPTION_NOT_CONFIGURED");
    } finally {
      await setPlatformSetting(core.db.pool, "openaikeyaudio", openai.key);
    }
  });

  it("answers 502 when OpenAI fails or refuses the key, keeps nothing, and succeeds once OpenAI recovers", async () => {
    const note = await voiceNote(s);
    openai.reply = { status: 500 };
    const failed = await transcribe(note.id);
    expect(failed.status).toBe(502);
    expect(failed.body.error).toBe("ERR_TRANSCRIPTION_FAILED");
    expect(await dataJsonOf(note.id)).toBeNull();

    await setPlatformSetting(core.db.pool, "openaikeyaudio", "sk-revoked");
    try {
      const refused = await transcribe(note.id);
      expect(refused.status).toBe(502);
      expect(refused.body.error).toBe("ERR_TRANSCRIPTION_FAILED");
      expect(JSON.stringify(refused.body)).not.toContain("sk-revoked");
    } finally {
      await setPlatformSetting(core.db.pool, "openaikeyaudio", openai.key);
    }

    openai.reply = { text: "agora sim" };
    expect((await transcribe(note.id)).body).toEqual({ transcribedText: "agora sim" });
  });
});

describe("#messages.transcribeAudio with OpenAI unreachable", () => {
  // A port that just closed: the connection is refused.
  const gone = forFile(async () => {
    const fake = await startFakeOpenAi();
    await fake.close();
    return fake;
  });
  const offline = coreForFile(() => ({ openaiBaseUrl: gone.url }));
  const inbox = forFile(async () => {
    const inbox = await buildInbox(offline);
    await setPlatformSetting(offline.db.pool, "openaikeyaudio", gone.key);
    return inbox;
  });

  it("answers 502 and keeps nothing", async () => {
    const note = await voiceNote(inbox, {}, offline);
    const res = await offline.api("GET", `/messages/transcribeAudio/${note.id}`, { token: inbox.adminToken });
    expect(res.status).toBe(502);
    expect(res.body.error).toBe("ERR_TRANSCRIPTION_FAILED");
    const kept = await offline.db.pool.query("SELECT data_json FROM messages WHERE id = $1", [note.id]);
    expect(kept.rows[0].data_json).toBeNull();
  });
});
