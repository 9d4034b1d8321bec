// Media messages (spec 1 §2): image with a viewer (zoom, Escape closes), audio with the
// remembered playback rate and transcription on demand, video, documents (name, size,
// download) and stickers. Bytes come through the MediaSource (company auth, or the outbox).
import type { MessageDTO } from "@chatflow/core/contract/entities.ts";
import { useAtom } from "jotai";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../i18n/translate-error.ts";
import { Button, IconButton } from "../../ui/button.tsx";
import { Modal } from "../../ui/dialog.tsx";
import { DownloadIcon, FileIcon, MinusIcon, PlusIcon } from "../../ui/icons.tsx";
import { audioRateAtom, nextAudioRate } from "./conversation-atoms.ts";
import { FormattedText } from "./formatted-text.tsx";
import { useMediaSource, useMediaUrl } from "./media-source.tsx";

const ZOOMS = [1, 1.5, 2, 3, 4];

function Caption({ message }: { message: MessageDTO }) {
  const name = fileNameOf(message);
  // An upload without caption carries its file name as body: no need to say it twice.
  if (!message.body || message.body === name) return null;
  return (
    <p className="message-body">
      <FormattedText text={message.body} />
    </p>
  );
}

function MediaFailed({ message }: { message: MessageDTO }) {
  const { t } = useTranslation();
  // The channel's download failed when the message came (spec 1 §8): said so, not a loading error of this device.
  const notDownloaded = (message.dataJson as { media?: { error?: unknown } } | null)?.media?.error !== undefined;
  return (
    <p className="media-failed" data-testid="media-failed">
      {notDownloaded && !message.mediaUrl ? t("backendErrors.ERR_WAPP_DOWNLOAD_MEDIA") : t("messageView.mediaFailed")}
    </p>
  );
}

export function ImageMessage({ message, sticker = false }: { message: MessageDTO; sticker?: boolean }) {
  const { t } = useTranslation();
  const media = useMediaUrl(message.id, message.mediaUrl);
  const [open, setOpen] = useState(false);
  const [zoom, setZoom] = useState(1);
  if (media.status === "failed") return <MediaFailed message={message} />;
  const alt = sticker ? t("messageView.sticker") : message.body || t("messageView.image.viewer");
  if (media.status === "loading") return <div className={sticker ? "media-sticker loading" : "media-image loading"} />;
  if (sticker) return <img className="media-sticker" src={media.url} alt={alt} />;
  const step = (d: number) => setZoom((z) => ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, ZOOMS.indexOf(z) + d))] ?? 1);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "+" || e.key === "=") step(1);
    else if (e.key === "-") step(-1);
    else if (e.key === "0") setZoom(1);
  };
  return (
    <>
      <button
        type="button"
        className="media-image-button"
        aria-label={t("messageView.image.open")}
        data-testid="message-image"
        onClick={() => {
          setZoom(1);
          setOpen(true);
        }}
      >
        <img className="media-image" src={media.url} alt={alt} />
      </button>
      <Caption message={message} />
      <Modal
        isOpen={open}
        onOpenChange={setOpen}
        title={t("messageView.image.viewer")}
        size="large"
        data-testid="image-viewer"
      >
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the zoom keys act on the focused viewer area */}
        <div className="image-viewer" tabIndex={-1} onKeyDown={onKey}>
          <div className="image-viewer-tools">
            <IconButton label={t("messageView.image.zoomOut")} onPress={() => step(-1)} isDisabled={zoom === ZOOMS[0]}>
              <MinusIcon />
            </IconButton>
            <output data-testid="image-zoom">{Math.round(zoom * 100)}%</output>
            <IconButton
              label={t("messageView.image.zoomIn")}
              onPress={() => step(1)}
              isDisabled={zoom === ZOOMS.at(-1)}
            >
              <PlusIcon />
            </IconButton>
          </div>
          <div className="image-viewer-frame">
            {/* At 100% the picture fits the frame at most at its own size; zooming widens it past the frame. */}
            <img
              src={media.url}
              alt={alt}
              data-zoomed={zoom > 1}
              style={zoom > 1 ? { width: `${zoom * 100}%` } : undefined}
            />
          </div>
        </div>
      </Modal>
    </>
  );
}

export function AudioMessage({ message }: { message: MessageDTO }) {
  const { t } = useTranslation();
  const media = useMediaUrl(message.id, message.mediaUrl);
  const source = useMediaSource();
  const [rate, setRate] = useAtom(audioRateAtom);
  const audio = useRef<HTMLAudioElement>(null);
  const [transcript, setTranscript] = useState<{ state: "idle" | "busy" | "done" | "failed"; text: string }>({
    state: "idle",
    text: "",
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the element exists once the media is ready
  useEffect(() => {
    if (audio.current) audio.current.playbackRate = rate;
  }, [rate, media.status]);
  if (media.status === "failed") return <MediaFailed message={message} />;
  const transcribe = async () => {
    setTranscript({ state: "busy", text: "" });
    try {
      setTranscript({ state: "done", text: await source.transcribe(message.id) });
    } catch (err) {
      setTranscript({ state: "failed", text: errorText(err) });
    }
  };
  return (
    <div className="media-audio">
      <div className="media-audio-row">
        {media.status === "ready" ? (
          // biome-ignore lint/a11y/useMediaCaption: voice notes have no caption track; the transcription stands for it
          <audio ref={audio} controls src={media.url} data-testid="message-audio" />
        ) : (
          <div className="media-audio loading" />
        )}
        <Button
          size="small"
          variant="ghost"
          aria-label={t("messageView.audio.rate", { rate })}
          data-testid="audio-rate"
          onPress={() => setRate(nextAudioRate(rate))}
        >
          {`${rate}x`}
        </Button>
      </div>
      {!message.fromMe || message.mediaUrl ? (
        transcript.state === "done" ? (
          <p className="media-transcript" data-testid="audio-transcript">
            <span className="visually-hidden">{t("messageView.audio.transcription")}: </span>
            {transcript.text}
          </p>
        ) : (
          <Button
            size="small"
            variant="ghost"
            isPending={transcript.state === "busy"}
            onPress={transcribe}
            data-testid="audio-transcribe"
          >
            {transcript.state === "busy" ? t("messageView.audio.transcribing") : t("messageView.audio.transcribe")}
          </Button>
        )
      ) : null}
      {transcript.state === "failed" && (
        <p className="media-failed" role="alert">
          {transcript.text}
        </p>
      )}
    </div>
  );
}

export function VideoMessage({ message }: { message: MessageDTO }) {
  const { t } = useTranslation();
  const media = useMediaUrl(message.id, message.mediaUrl);
  if (media.status === "failed") return <MediaFailed message={message} />;
  return (
    <>
      {media.status === "ready" ? (
        // biome-ignore lint/a11y/useMediaCaption: a contact's video arrives without captions
        <video
          className="media-video"
          controls
          preload="metadata"
          src={media.url}
          aria-label={t("messageView.video")}
        />
      ) : (
        <div className="media-video loading" />
      )}
      <Caption message={message} />
    </>
  );
}

/** A document's name: the Cloud API's filename, else the body an upload without caption has, else the stored name. */
export function fileNameOf(message: MessageDTO): string {
  const data = (message.dataJson ?? {}) as { document?: { filename?: unknown } };
  const fromData = typeof data.document?.filename === "string" ? data.document.filename : "";
  if (fromData) return fromData;
  if (message.mediaType === "application" && message.body && !message.body.includes("\n")) return message.body;
  return message.mediaUrl?.split("/").pop() ?? "";
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0).replace(".", ",")} ${units[unit]}`;
}

export function DocumentMessage({ message }: { message: MessageDTO }) {
  const { t } = useTranslation();
  const source = useMediaSource();
  const name = fileNameOf(message) || t("messageView.document.file");
  const [size, setSize] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    if (message.mediaUrl) void source.size(message.mediaUrl).then((s) => alive && setSize(s));
    return () => {
      alive = false;
    };
  }, [source, message.mediaUrl]);
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const blob = message.mediaUrl ? await source.load(message.mediaUrl) : await source.queued(message.id);
      if (!blob) throw new Error("no file");
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <div className="media-document" data-testid="message-document">
        <FileIcon size={28} />
        <span className="media-document-name">
          <span>{name}</span>
          {size !== null && <small>{formatBytes(size)}</small>}
        </span>
        <IconButton label={t("messageView.document.download", { name })} onPress={download} isDisabled={busy}>
          <DownloadIcon />
        </IconButton>
      </div>
      {failed && <MediaFailed message={message} />}
      <Caption message={message} />
    </>
  );
}
