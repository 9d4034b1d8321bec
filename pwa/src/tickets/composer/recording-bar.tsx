// What the composer's row shows while a voice note records: cancel, the running time, stop (which sends).
import { useTranslation } from "react-i18next";
import { IconButton } from "../../ui/button.tsx";
import { CloseIcon, StopIcon } from "../../ui/icons.tsx";
import { formatDuration } from "./audio-format.ts";

export function RecordingBar({
  elapsed,
  onCancel,
  onStop,
}: {
  elapsed: number;
  onCancel: () => void;
  onStop: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <IconButton label={t("composer.cancelRecording")} onPress={onCancel} data-testid="record-cancel">
        <CloseIcon />
      </IconButton>
      <output className="composer-recording" data-testid="recording" aria-live="polite">
        <span className="composer-recording-dot" aria-hidden="true" />
        {t("composer.recording", { time: formatDuration(elapsed) })}
      </output>
      <IconButton label={t("composer.stopRecording")} onPress={onStop} data-testid="record-stop">
        <StopIcon />
      </IconButton>
    </>
  );
}
