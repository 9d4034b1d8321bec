// Camera capture (spec 1 §2 "Dialogs: camera capture"): a live picture from getUserMedia, a
// still taken on 'Capturar' and handed to the media preview as a JPEG. A refused or missing
// camera says so instead of showing a black box.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button.tsx";
import { Modal } from "../../ui/dialog.tsx";

export function CameraDialog({ onPhoto, onClose }: { onPhoto: (file: File) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<"denied" | "unavailable" | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let live = true;
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem("unavailable");
      return;
    }
    navigator.mediaDevices
      .getUserMedia({ video: true })
      .then((s) => {
        if (!live) {
          for (const track of s.getTracks()) track.stop();
          return;
        }
        stream = s;
        if (video.current) {
          video.current.srcObject = s;
          void video.current.play().catch(() => {});
        }
      })
      .catch((err: DOMException) =>
        setProblem(err.name === "NotAllowedError" || err.name === "SecurityError" ? "denied" : "unavailable"),
      );
    return () => {
      live = false;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  function capture() {
    const v = video.current;
    if (!v?.videoWidth) return;
    const canvas = document.createElement("canvas");
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext("2d")?.drawImage(v, 0, 0);
    canvas.toBlob(
      (blob) => {
        if (!blob) return;
        const stamp = new Date().toISOString().replace(/[-:]/g, "").slice(0, 15);
        onPhoto(new File([blob], `foto-${stamp}.jpg`, { type: "image/jpeg" }));
      },
      "image/jpeg",
      0.9,
    );
  }

  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={t("composer.cameraTitle")}
      data-testid="camera-dialog"
      actions={
        <Button
          variant="primary"
          onPress={capture}
          isDisabled={problem !== null || !ready}
          data-testid="camera-capture"
        >
          {t("composer.capture")}
        </Button>
      }
    >
      {problem ? (
        <p role="alert" className="composer-problem">
          {t(problem === "denied" ? "composer.cameraDenied" : "composer.cameraUnavailable")}
        </p>
      ) : (
        <video
          ref={video}
          className="composer-camera"
          playsInline
          muted
          onLoadedData={() => setReady(true)}
          aria-label={t("composer.cameraTitle")}
        />
      )}
    </Modal>
  );
}
