// /flowbuilders (spec 2 §2 "Flow list"; admins only, app-routes.ts): search (page 1 again on a new search),
// 'Adicionar Fluxo', rows with the name and Ativo/Desativado, a row menu (Editar nome, Editar fluxo, Duplicar,
// Excluir with a confirmation) and pages loaded as the list scrolls. Flows are REST-only: offline the screen
// says so and keeps what it showed.
import type { FlowDTO } from "@chatflow/core/contract/flows.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useOnline } from "../layout/use-online.ts";
import { Badge } from "../ui/badge.tsx";
import { IconButton } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/dialog.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { CopyIcon, EditIcon, FlowIcon, MoreIcon, TrashIcon } from "../ui/icons.tsx";
import { ListItem } from "../ui/list-item.tsx";
import { ListPage } from "../ui/list-page.tsx";
import { Menu, MenuItem, MenuTrigger } from "../ui/menu.tsx";
import { showToast } from "../ui/toasts.ts";
import { VirtualList } from "../ui/virtual-list.tsx";
import { useDebouncedValue } from "../util/use-debounced-value.ts";
import { FlowNameModal } from "./flow-name-modal.tsx";
import { useDeleteFlow, useDuplicateFlow, useFlowPages } from "./flows-data.ts";
import "./flows.css";

const ROW_HEIGHT = 60;

export function FlowsPage() {
  const { t } = useTranslation();
  const online = useOnline();
  const navigate = useNavigate();
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim(), 500);
  const flows = useFlowPages(search, online);
  const duplicateFlow = useDuplicateFlow();
  const deleteFlow = useDeleteFlow();
  const [naming, setNaming] = useState<FlowDTO | "new" | null>(null);
  const [deleting, setDeleting] = useState<FlowDTO | null>(null);

  async function duplicate(flow: FlowDTO) {
    try {
      await duplicateFlow(flow.id);
      showToast(t("flows.toasts.duplicated"), "info");
      flows.reload();
    } catch {
      showToast(t("flows.toasts.error"), "error");
    }
  }

  async function remove(flow: FlowDTO) {
    await deleteFlow(flow.id);
    showToast(t("flows.toasts.deleted"), "info");
    flows.reload();
  }

  function onAction(flow: FlowDTO, key: string) {
    if (key === "rename") setNaming(flow);
    else if (key === "edit") navigate(`/flowbuilder/${flow.id}`);
    else if (key === "duplicate") void duplicate(flow);
    else if (key === "delete") setDeleting(flow);
  }

  const notice = !online ? t("flows.offline") : flows.error ? t("flows.loadError") : null;
  return (
    <ListPage
      className="flows-page"
      data-testid="flows-page"
      title={t("flows.title")}
      add={{ label: t("flows.add"), onPress: () => setNaming("new"), isDisabled: !online, "data-testid": "flows-add" }}
      search={{ label: t("flows.search"), value: searchText, onChange: setSearchText, "data-testid": "flows-search" }}
      notice={notice}
    >
      {flows.items.length === 0 && (flows.loaded || !online) ? (
        <EmptyState icon={<FlowIcon size={48} />} title={t("flows.empty")} />
      ) : (
        <VirtualList
          items={flows.items}
          getKey={(f) => f.id}
          rowHeight={ROW_HEIGHT}
          label={t("flows.listLabel")}
          hasMore={online && flows.hasMore}
          loadingMore={flows.loading}
          onEndReached={flows.loadMore}
          data-testid="flows-list"
          renderRow={(flow) => (
            <ListItem
              className="flow-row"
              data-testid="flow-row"
              href={`/flowbuilder/${flow.id}`}
              leading={<FlowIcon />}
              title={flow.name}
              meta={
                <Badge tone={flow.active ? "success" : "neutral"}>
                  {flow.active ? t("flows.active") : t("flows.inactive")}
                </Badge>
              }
              actions={
                <MenuTrigger>
                  <IconButton
                    label={t("flows.rowMenu", { name: flow.name })}
                    isDisabled={!online}
                    data-testid="flow-menu"
                  >
                    <MoreIcon />
                  </IconButton>
                  <Menu label={t("flows.rowMenu", { name: flow.name })} onAction={(key) => onAction(flow, String(key))}>
                    <MenuItem id="rename" icon={<EditIcon />}>
                      {t("flows.editName")}
                    </MenuItem>
                    <MenuItem id="edit" icon={<FlowIcon />}>
                      {t("flows.editFlow")}
                    </MenuItem>
                    <MenuItem id="duplicate" icon={<CopyIcon />}>
                      {t("flows.duplicate")}
                    </MenuItem>
                    <MenuItem id="delete" icon={<TrashIcon />} tone="danger">
                      {t("flows.delete")}
                    </MenuItem>
                  </Menu>
                </MenuTrigger>
              }
            />
          )}
        />
      )}
      {naming !== null && (
        <FlowNameModal
          flow={naming === "new" ? null : naming}
          online={online}
          onClose={() => setNaming(null)}
          onSaved={() => flows.reload()}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("flows.deleteConfirm.title", { name: deleting?.name ?? "" })}
        confirmLabel={t("flows.deleteConfirm.confirm")}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        data-testid="flow-delete-confirm"
      >
        {t("flows.deleteConfirm.text")}
      </ConfirmDialog>
    </ListPage>
  );
}
