// /files (spec 2 §2 File lists; admins only, app-routes.ts: a plain user gets the not-allowed page): the
// searchable list (search debounced 500 ms, next page within 100 px of the bottom, spec 2 §9) with add, edit
// and delete. File lists are admin REST: offline the screen says it needs a connection.
import type { FileListDTO } from "@chatflow/core/contract/files.ts";
import { useTranslation } from "react-i18next";
import { CrudListPage } from "../layout/crud-list-page.tsx";
import { ListIcon } from "../ui/icons.tsx";
import { FileListModal } from "./file-list-modal.tsx";
import { fileListsCollection } from "./files-data.ts";
import "./files.css";

export function FilesPage() {
  const { t } = useTranslation();
  return (
    <CrudListPage<FileListDTO>
      texts="filesPage"
      ids={{ page: "files", item: "file-list" }}
      collection={fileListsCollection}
      className="files-page"
      emptyIcon={<ListIcon size={48} />}
      row={(r) => ({ subtitle: `${t("filesPage.fileCount", { count: r.options.length })} · ${r.message}` })}
      editor={(list, online, close, saved) => (
        <FileListModal list={list} online={online} onClose={close} onSaved={saved} />
      )}
    />
  );
}
