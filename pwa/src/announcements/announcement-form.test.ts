import type { AnnouncementDTO } from "@chatflow/core/contract/announcements.ts";
import { describe, expect, it, vi } from "vitest";
import type { ApiClient } from "../api/http.ts";
import { i18n } from "../i18n/i18n.ts";
import {
  announcementFormFrom,
  isAcceptedImage,
  saveAnnouncement,
  validateAnnouncementForm,
} from "./announcement-form.ts";

const stored: AnnouncementDTO = {
  id: 4,
  title: "Manutenção",
  text: "Sábado",
  priority: 1,
  status: true,
  mediaPath: "0190-aviso.png",
  mediaName: "aviso.png",
  createdAt: "",
  updatedAt: "",
};

describe("#announcement form (spec 3 §5, §9)", () => {
  it("starts a new one at priority 3, active, and asks for title and text ('Obrigatório')", () => {
    const empty = announcementFormFrom(null);
    expect(empty).toMatchObject({ priority: 3, status: true, title: "", text: "" });
    expect(validateAnnouncementForm(empty)).toEqual({
      title: i18n.t("announcementsPage.validation.required"),
      text: i18n.t("announcementsPage.validation.required"),
    });
    expect(i18n.t("announcementsPage.validation.required", { lng: "pt-BR" })).toBe("Obrigatório");
    expect(validateAnnouncementForm({ ...empty, title: "A", text: "B" })).toEqual({});
  });

  it("takes only png, jpg and jpeg images", () => {
    expect(["a.png", "b.JPG", "c.jpeg"].every(isAcceptedImage)).toBe(true);
    expect(["d.gif", "e.svg", "png"].some(isAcceptedImage)).toBe(false);
    const form = { ...announcementFormFrom(null), title: "A", text: "B", file: new File(["x"], "x.gif") };
    expect(validateAnnouncementForm(form)).toEqual({ file: i18n.t("announcementsPage.modal.wrongType") });
  });

  it("saves the fields, then uploads a new image with typeArch=announcements", async () => {
    const api = {
      put: vi.fn(async () => stored),
      postForm: vi.fn(async () => ({ ...stored, mediaPath: "0191-novo.jpg" })),
    } as unknown as ApiClient;
    const form = { ...announcementFormFrom(stored), priority: 2 as const, file: new File(["x"], "novo.jpg") };
    const outcome = await saveAnnouncement(api, form, stored);
    expect(outcome).toMatchObject({ ok: true, announcement: { mediaPath: "0191-novo.jpg" } });
    expect(api.put).toHaveBeenCalledWith("/announcements/4", {
      title: "Manutenção",
      text: "Sábado",
      priority: 2,
      status: true,
    });
    const [path, body] = (api.postForm as ReturnType<typeof vi.fn>).mock.calls[0] as [string, FormData];
    expect(path).toBe("/announcements/4/media-upload");
    expect(body.get("typeArch")).toBe("announcements");
    expect((body.get("file") as File).name).toBe("novo.jpg");
  });

  it("removes the stored image when asked", async () => {
    const api = {
      put: vi.fn(async () => stored),
      delete: vi.fn(async () => ({ ...stored, mediaPath: null, mediaName: null })),
    } as unknown as ApiClient;
    const outcome = await saveAnnouncement(api, { ...announcementFormFrom(stored), removeMedia: true }, stored);
    expect(api.delete).toHaveBeenCalledWith("/announcements/4/media-upload");
    expect(outcome).toMatchObject({ ok: true, announcement: { mediaPath: null } });
  });
});
