// The connections page's header actions (spec 2 §2): restart the connections, and 'new connection' with one entry
// per channel the plan allows (Facebook and Instagram come from a social login, the others from the dialog).
import type { Channel } from "@chatflow/core/contract/entities.ts";
import { useTranslation } from "react-i18next";
import { useSessionUser } from "../auth/use-session-user.ts";
import { planAllows } from "../layout/app-routes.ts";
import { Button } from "../ui/button.tsx";
import { PlusIcon, RefreshIcon } from "../ui/icons.tsx";
import { Menu, MenuItem, MenuTrigger } from "../ui/menu.tsx";

export function ConnectionsActions({
  online,
  canAdd,
  restarting,
  onRestart,
  onAdd,
}: {
  online: boolean;
  /** Core's table is loaded (a new connection is made against it). */
  canAdd: boolean;
  restarting: boolean;
  onRestart: () => void;
  onAdd: (channel: Channel) => void;
}) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const channels: Channel[] = [
    ...(user && planAllows(user, "useWhatsapp") ? (["whatsapp", "whatsappapi"] as const) : []),
    ...(user && planAllows(user, "useFacebook") ? (["facebook"] as const) : []),
    ...(user && planAllows(user, "useInstagram") ? (["instagram"] as const) : []),
  ];
  return (
    <>
      <Button
        icon={<RefreshIcon />}
        onPress={onRestart}
        isPending={restarting}
        isDisabled={!online}
        data-testid="connections-restart"
      >
        {t("connectionsPage.restart")}
      </Button>
      {channels.length > 0 && (
        <MenuTrigger>
          <Button variant="primary" icon={<PlusIcon />} isDisabled={!online || !canAdd} data-testid="connections-add">
            {t("connectionsPage.add")}
          </Button>
          <Menu label={t("connectionsPage.add")} onAction={(key) => onAdd(key as Channel)}>
            {channels.map((c) => (
              <MenuItem key={c} id={c} data-testid={`connections-add-${c}`}>
                {t(`connectionsPage.channels.${c}`)}
              </MenuItem>
            ))}
          </Menu>
        </MenuTrigger>
      )}
    </>
  );
}
