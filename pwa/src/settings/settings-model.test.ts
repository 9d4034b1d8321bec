// The settings page's rules (spec 3 §2): which tabs a person gets, which custom messages a toggle shows, and
// the brand colours with legible text on them.
import { BRANDING_DEFAULTS } from "@chatflow/core/contract/branding.ts";
import { COMPANY_SETTING_DEFAULTS, PLATFORM_SETTING_DEFAULTS } from "@chatflow/core/contract/settings.ts";
import { describe, expect, it } from "vitest";
import { decideRoute, routeById } from "../layout/app-routes.ts";
import { buildSessionUser } from "../test-support/users.ts";
import { brandingCss, onColor } from "./branding.ts";
import {
  COMPANY_OPTION_GROUPS,
  CUSTOM_MESSAGES,
  certificateErrors,
  emptyPlanForm,
  formatBRL,
  messagesOf,
  planRequestOf,
  settingsTabs,
} from "./settings-model.ts";

describe("#settings tabs", () => {
  it("shows Options always, Schedules only by company hours, Companies, Plans, Helps, Whitelabel and Pix only to the super user", () => {
    expect(settingsTabs({ super: false }, "disabled")).toEqual(["options"]);
    expect(settingsTabs({ super: false }, "queue")).toEqual(["options"]);
    expect(settingsTabs({ super: false }, "company")).toEqual(["options", "schedules"]);
    expect(settingsTabs({ super: true }, "connection")).toEqual([
      "options",
      "companies",
      "plans",
      "helps",
      "whitelabel",
      "certificate",
    ]);
    expect(settingsTabs({ super: true }, "company")).toEqual([
      "options",
      "schedules",
      "companies",
      "plans",
      "helps",
      "whitelabel",
      "certificate",
    ]);
  });

  it("opens /settings to admins and the super user; a plain user gets the no-permission page", () => {
    const settings = routeById("settings");
    expect(decideRoute(settings, { user: buildSessionUser({ profile: "user" }) })).toBe("forbidden");
    expect(decideRoute(settings, { user: buildSessionUser({ profile: "admin" }) })).toBe("allow");
    expect(decideRoute(settings, { user: buildSessionUser({ profile: "user", super: true }) })).toBe("allow");
  });
});

describe("#settings options", () => {
  it("lists every company setting of spec 3 §3 once, the custom messages under their toggles", () => {
    const listed = [
      ...COMPANY_OPTION_GROUPS.flatMap((g) => g.options.map((o) => o.key)),
      ...CUSTOM_MESSAGES.map((m) => m.message),
    ];
    expect([...listed].sort()).toEqual(Object.keys(COMPANY_SETTING_DEFAULTS).sort());
  });

  it("shows each custom message while its toggle uses it: the accept-call one while calls are refused", () => {
    const on = { ...COMPANY_SETTING_DEFAULTS, sendMsgTransfTicket: "enabled", acceptCallWhatsapp: "enabled" };
    expect(messagesOf("sendMsgTransfTicket", on)).toEqual(["transferMessage"]);
    expect(messagesOf("acceptCallWhatsapp", on)).toEqual([]);
    const off = { ...on, sendMsgTransfTicket: "disabled", acceptCallWhatsapp: "disabled" };
    expect(messagesOf("sendMsgTransfTicket", off)).toEqual([]);
    expect(messagesOf("acceptCallWhatsapp", off)).toEqual(["AcceptCallWhatsappMessage"]);
    expect(messagesOf("sendGreetingAccepted", { sendGreetingAccepted: "enabled" })).toEqual([
      "greetingAcceptedMessage",
    ]);
    expect(messagesOf("sendQueuePosition", { sendQueuePosition: "enabled" })).toEqual(["sendQueuePositionMessage"]);
  });
});

describe("#branding colours", () => {
  it("keeps theme.css's colours for the defaults, which match core's", () => {
    expect(brandingCss(BRANDING_DEFAULTS)).toBe("");
    for (const key of Object.keys(BRANDING_DEFAULTS) as (keyof typeof BRANDING_DEFAULTS)[]) {
      expect(PLATFORM_SETTING_DEFAULTS[key]).toBe(BRANDING_DEFAULTS[key]);
    }
  });

  it("overrides each theme's primary colour with text that reads on it", () => {
    const css = brandingCss({ ...BRANDING_DEFAULTS, primaryColorLight: "#FFEB3B", primaryColorDark: "#1a237e" });
    expect(css).toContain(':root, html[data-theme="light"] { --primary: #FFEB3B; --on-primary: #000000; }');
    expect(css).toContain('html[data-theme="dark"] { --primary: #1a237e; --on-primary: #ffffff; }');
    expect(onColor("#0000FF")).toBe("#ffffff");
    expect(onColor("#39ACE7")).toBe("#000000");
    // A value that is not a colour never reaches the style sheet.
    expect(brandingCss({ ...BRANDING_DEFAULTS, primaryColorLight: "red;}body{display:none" })).toBe("");
  });
});

describe("#pix certificate", () => {
  it("asks for a file, a destination and a .p12 before sending (spec 3 §5)", () => {
    expect(certificateErrors(null, null)).toEqual({ file: "Choose a file", ref: "Choose a destination" });
    expect(certificateErrors({ name: "cert.pem" }, "efi")).toEqual({ file: "use only p12 files" });
    expect(certificateErrors({ name: "Cert.P12" }, "efi")).toEqual({});
  });
});

describe("#plans", () => {
  it("shows prices in reais with two decimals and reads a decimal comma", () => {
    expect(formatBRL(149.9).replace(/\s/g, " ")).toBe("R$ 149,90");
    expect(planRequestOf({ ...emptyPlanForm, name: "Ouro", amount: "199,5" })).toMatchObject({
      name: "Ouro",
      amount: "199.5",
      isPublic: true,
      useKanban: true,
    });
  });
});
