// The media preview (spec 1 §2 "Dialogs: media preview"): the files picked, pasted, dropped or
// photographed, each with its caption, sent together as one message per file.
import { useEffect, useMemo } from "react";
import { FileTrigger } from "react-aria-components/FileTrigger";
import { useTranslation } from "react-i18next";
import { Button, IconButton } from "../../ui/button.tsx";
import { Modal } from "../../ui/dialog.tsx";
import { TextField } from "../../ui/fields.tsx";
import { FileIcon, PlusIcon, TrashIcon } from "../../ui/icons.tsx";
import { mediaTypeOf } from "../send-media.ts";

export type PendingFile = { key: string; file: File; caption: string };

let nextKey = 0;
export const pendingOf = (files: File[]): PendingFile[] =>
  files.map((file) => ({ key: `f${++nextKey}`, file, caption: "" }));

function Thumb({ file }: { file: File }) {
  const kind = mediaTypeOf(file.type);
  const url = useMemo(() => (kind === "application" ? null : URL.createObjectURL(file)), [file, kind]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (kind === "image" && url) return <img className="composer-thumb" src={url} alt={file.name} />;
  if (kind === "video" && url) return <video className="composer-thumb" src={url} muted aria-label={file.name} />;
  if (kind === "audio" && url)
    // biome-ignore lint/a11y/useMediaCaption: the agent's own recording being reviewed before sending; no captions exist.
    return <audio className="composer-thumb-audio" src={url} controls aria-label={file.name} />;
  return (
    <span className="composer-thumb composer-thumb-file" aria-hidden="true">
      <FileIcon size={32} />
    </span>
  );
}

export function MediaPreviewDialog({
  files,
  onChange,
  onSend,
  onClose,
}: {
  files: PendingFile[];
  onChange: (files: PendingFile[]) => void;
  onSend: (files: PendingFile[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const setCaption = (key: string, caption: string) =>
    onChange(files.map((f) => (f.key === key ? { ...f, caption } : f)));
  const remove = (key: string) => {
    const rest = files.filter((f) => f.key !== key);
    if (rest.length === 0) onClose();
    else onChange(rest);
  };
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={t("composer.previewTitle", { count: files.length })}
      data-testid="media-preview"
      onSubmit={(e) => {
        e.preventDefault();
        onSend(files);
      }}
      actions={
        <>
          <FileTrigger allowsMultiple onSelect={(list) => list && onChange([...files, ...pendingOf([...list])])}>
            <Button icon={<PlusIcon />}>{t("composer.addFiles")}</Button>
          </FileTrigger>
          <Button type="submit" variant="primary" data-testid="media-preview-send">
            {t("composer.send")}
          </Button>
        </>
      }
    >
      <ul className="composer-preview-list">
        {files.map((f) => (
          <li key={f.key} className="composer-preview-item">
            <Thumb file={f.file} />
            <div className="composer-preview-fields">
              <span className="composer-preview-name">{f.file.name}</span>
              <TextField
                label={t("composer.captionOf", { name: f.file.name })}
                hideLabel
                placeholder={t("composer.caption")}
                value={f.caption}
                onChange={(v) => setCaption(f.key, v)}
                maxLength={4096}
                data-testid="media-caption"
              />
            </div>
            <IconButton label={t("composer.removeFile", { name: f.file.name })} onPress={() => remove(f.key)}>
              <TrashIcon />
            </IconButton>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
