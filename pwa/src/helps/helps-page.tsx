// /helps (spec 3 "Help videos"; shown only while help records exist, app-routes.ts): a grid of video cards
// (thumbnail, title, description); a card opens the video in a modal (YouTube's privacy-enhanced player, the one
// frame the Content-Security-Policy allows, decision 0060) that Escape closes. The list (GET /helps/list) is the
// one kept for the menu (helps-presence.ts): offline the grid still shows the titles and says a video needs a
// connection.

import { helpVideoEmbedUrl, helpVideoThumbnailUrl } from "@chatflow/core/contract/help-videos.ts";
import type { HelpDTO } from "@chatflow/core/contract/helps.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useOnline } from "../layout/use-online.ts";
import { Modal } from "../ui/dialog.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { HelpIcon, PlayIcon } from "../ui/icons.tsx";
import { ListPage } from "../ui/list-page.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { Tile } from "../ui/tile.tsx";
import { useHelps } from "./helps-data.ts";
import "./helps.css";

export function HelpsPage() {
  const { t } = useTranslation();
  const online = useOnline();
  const { helps, failed } = useHelps(online);
  const [playing, setPlaying] = useState<HelpDTO | null>(null);
  const notice = !online ? t("helpsPage.offline") : failed ? t("helpsPage.loadError") : null;
  return (
    <ListPage className="helps-page" data-testid="helps-page" title={t("helpsPage.title")} notice={notice}>
      {!helps ? (
        <Spinner />
      ) : helps.length === 0 ? (
        <EmptyState icon={<HelpIcon size={48} />} title={t("helpsPage.empty")} />
      ) : (
        <ul className="helps-grid" aria-label={t("helpsPage.listLabel")} data-testid="helps-grid">
          {helps.map((help) => (
            <li key={help.id}>
              <Tile
                data-testid="help-card"
                title={help.title}
                description={help.description || undefined}
                note={online ? undefined : t("helpsPage.needsConnection")}
                isDisabled={!online || !help.video}
                media={
                  online && help.video ? (
                    <img src={helpVideoThumbnailUrl(help.video)} alt="" loading="lazy" referrerPolicy="no-referrer" />
                  ) : (
                    <PlayIcon size={48} />
                  )
                }
                onPress={() => setPlaying(help)}
              />
            </li>
          ))}
        </ul>
      )}
      <Modal
        isOpen={playing !== null}
        onOpenChange={(open) => !open && setPlaying(null)}
        title={playing?.title ?? ""}
        size="large"
        data-testid="help-video-modal"
      >
        {playing && (
          <div className="help-video">
            <iframe
              src={helpVideoEmbedUrl(playing.video)}
              title={t("helpsPage.player", { title: playing.title })}
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
              data-testid="help-video-frame"
            />
          </div>
        )}
      </Modal>
    </ListPage>
  );
}
