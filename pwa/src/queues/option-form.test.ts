import { describe, expect, it } from "vitest";
import { i18n } from "../i18n/i18n.ts";
import { newOptionForm, optionRequest, validateOptionForm } from "./option-form.ts";

describe("#chatbot option form (spec 2 §5)", () => {
  it("asks for a name of at least 4 characters", () => {
    expect(validateOptionForm({ ...newOptionForm(), name: "" }).name).toBe(i18n.t("validation.required"));
    expect(validateOptionForm({ ...newOptionForm(), name: "Abc" }).name).toBe(i18n.t("validation.tooShort"));
    expect(validateOptionForm({ ...newOptionForm(), name: "Abcd" })).toEqual({});
  });

  it("asks for what each type needs: a queue; an agent and a queue; an integration; a file list", () => {
    const base = { ...newOptionForm(), name: "Opção" };
    const required = i18n.t("validation.required");
    expect(validateOptionForm({ ...base, queueType: "queue" })).toEqual({ optQueueId: required });
    expect(validateOptionForm({ ...base, queueType: "attendent" })).toEqual({
      optQueueId: required,
      optUserId: required,
    });
    expect(validateOptionForm({ ...base, queueType: "integration" })).toEqual({ optIntegrationId: required });
    expect(validateOptionForm({ ...base, queueType: "file", optFileId: "x" })).toEqual({ optFileId: required });
    expect(validateOptionForm({ ...base, queueType: "file", optFileId: "12" })).toEqual({});
  });

  it("sends only the ids the type uses, and no empty message", () => {
    const body = optionRequest({
      ...newOptionForm(),
      name: " Vendas ",
      greetingMessage: "  ",
      queueType: "queue",
      optQueueId: 3,
      optUserId: 9,
      optFileId: "4",
    });
    expect(body).toEqual({
      name: "Vendas",
      greetingMessage: null,
      queueType: "queue",
      optQueueId: 3,
      optUserId: null,
      optIntegrationId: null,
      optFileId: null,
      closeTicket: false,
    });
  });
});
