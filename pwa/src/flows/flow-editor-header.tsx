// The flow editor's header (spec 2 §2 "Flow editor"): back to the list, the flow's name, who else is editing,
// the speed dial that adds a node, and 'Salvar', which publishes the snapshot.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { BackIcon, PlusIcon } from "../ui/icons.tsx";
import { Menu, MenuItem, MenuTrigger } from "../ui/menu.tsx";
import { PresenceList } from "../ui/presence-list.tsx";
import type { RemoteEditor } from "./flow-doc.ts";
import { SPEED_DIAL } from "./flow-rules.ts";

export function FlowEditorHeader({
  name,
  editors,
  hasStart,
  online,
  canSave,
  saving,
  unpublished,
  onDial,
  onSave,
}: {
  name: string;
  editors: RemoteEditor[];
  /** The flow has its start node: 'Inicio' is off in the dial. */
  hasStart: boolean;
  online: boolean;
  /** The document is open. */
  canSave: boolean;
  saving: boolean;
  /** What runs differs from what is drawn (null: not known, e.g. offline). */
  unpublished: boolean | null;
  onDial: (key: string) => void;
  onSave: () => void;
}) {
  const { t } = useTranslation();
  return (
    <header className="flow-editor-header">
      <Link to="/flowbuilders" className="flow-editor-back" aria-label={t("flows.editor.back")}>
        <BackIcon />
      </Link>
      <h1 className="flow-editor-title">{name}</h1>
      <p className="flow-editor-note">{t("flows.editor.remember")}</p>
      <PresenceList
        label={t("flows.editor.editors")}
        people={editors.map((e) => ({ key: e.clientId, name: e.user.name, color: e.user.color }))}
        data-testid="flow-editors"
      />
      <MenuTrigger>
        <Button icon={<PlusIcon />} data-testid="flow-dial">
          {t("flows.editor.add")}
        </Button>
        <Menu
          label={t("flows.editor.add")}
          onAction={(key) => onDial(String(key))}
          // One start per flow (the snapshot needs exactly one): 'Inicio' only while the flow has none.
          disabledKeys={hasStart ? ["start"] : []}
        >
          {SPEED_DIAL.map((d) => (
            <MenuItem key={d.id} id={d.id} data-testid={`flow-dial-${d.id}`}>
              {t(`flows.editor.dial.${d.id}`)}
            </MenuItem>
          ))}
        </Menu>
      </MenuTrigger>
      <span role="status" className="flow-editor-publish">
        {unpublished && (
          <Badge tone="warning" data-testid="flow-unpublished">
            {t("flows.editor.unpublished")}
          </Badge>
        )}
      </span>
      <Button
        variant="primary"
        onPress={onSave}
        isPending={saving}
        isDisabled={!online || !canSave}
        data-testid="flow-save"
      >
        {online ? t("flows.editor.save") : t("flows.needsConnection")}
      </Button>
    </header>
  );
}
