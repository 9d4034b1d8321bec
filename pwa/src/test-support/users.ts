// A signed-in user as the session answer carries it, for tests of the shell's rules.
import type { PlanFlags, UserDTO } from "@chatflow/core/contract/entities.ts";

export const ALL_PLAN_FLAGS: PlanFlags = {
  useWhatsapp: true,
  useFacebook: true,
  useInstagram: true,
  useCampaigns: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: true,
};

export function buildSessionUser(over: Partial<UserDTO> = {}): UserDTO {
  return {
    id: 7,
    name: "Agente",
    email: "agente@example.com",
    profile: "user",
    super: false,
    companyId: 2,
    company: {
      id: 2,
      name: "Loja",
      dueDate: "2999-12-31",
      plan: ALL_PLAN_FLAGS,
      companieSettings: { showNotificationPending: "false" },
    },
    whatsappId: null,
    startWork: "00:00",
    endWork: "23:59",
    allTicket: "disabled",
    allowGroup: false,
    defaultTheme: "light",
    defaultMenu: "open",
    allHistoric: "disabled",
    allUserChat: "disabled",
    userClosePendingTicket: "enabled",
    showDashboard: "disabled",
    allowRealTime: "disabled",
    allowConnections: "disabled",
    online: true,
    color: null,
    profileImage: null,
    defaultTicketsManagerWidth: 550,
    darkMode: false,
    ...over,
  };
}
