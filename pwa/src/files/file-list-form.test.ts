import type { FileListDTO } from "@chatflow/core/contract/files.ts";
import { describe, expect, it, vi } from "vitest";
import type { ApiClient } from "../api/http.ts";
import { i18n } from "../i18n/i18n.ts";
import { fileListFormFrom, saveFileList, validateFileListForm } from "./file-list-form.ts";

describe("#file list form (spec 2 §5)", () => {
  it("asks for a name of at least 3 characters ('nome muito curto') and a message ('Obrigatório')", () => {
    const empty = fileListFormFrom(null);
    expect(validateFileListForm({ ...empty, name: "ab" })).toEqual({
      name: i18n.t("filesPage.validation.nameShort"),
      message: i18n.t("filesPage.validation.required"),
    });
    expect(i18n.t("filesPage.validation.nameShort", { lng: "pt-BR" })).toBe("nome muito curto");
    expect(validateFileListForm({ ...empty, name: "Catálogo", message: "Segue" })).toEqual({});
  });

  it("saves the list with the files kept, then uploads the new ones in one multipart request", async () => {
    const stored: FileListDTO = {
      id: 7,
      name: "Catálogo",
      message: "Segue",
      userId: 1,
      options: [
        { name: "a.png", path: "/media/1/a.png", mediaType: "image" },
        { name: "b.pdf", path: "/media/1/b.pdf", mediaType: "application" },
      ],
      createdAt: "",
      updatedAt: "",
    };
    const api = {
      put: vi.fn(async () => ({ ...stored, options: [stored.options[1]!] })),
      postForm: vi.fn(async () => stored),
    } as unknown as ApiClient;
    const form = { ...fileListFormFrom(stored), kept: [stored.options[1]!], pending: [new File(["x"], "c d.png")] };
    const outcome = await saveFileList(api, form, stored);
    expect(outcome.ok).toBe(true);
    expect(api.put).toHaveBeenCalledWith("/files/7", {
      name: "Catálogo",
      message: "Segue",
      options: [stored.options[1]],
    });
    const [path, data] = (api.postForm as ReturnType<typeof vi.fn>).mock.calls[0]!;
    expect(path).toBe("/files/uploadList/7");
    expect((data as FormData).getAll("files").map((f) => (f as File).name)).toEqual(["c d.png"]);
  });
});
