// The subscription warning's texts (mounted as t("subscriptionWarning.*"); see i18n/define-texts.ts).
import { defineTexts } from "../i18n/define-texts.ts";

export const texts = defineTexts("subscriptionWarning", {
  "pt-BR": {
    today: "Sua assinatura vence hoje!",
    one: "Sua assinatura vence em 1 dia.",
    days: "Sua assinatura vence em {{count}} dias.",
  },
  en: {
    today: "Your subscription expires today!",
    one: "Your subscription expires in 1 day.",
    days: "Your subscription expires in {{count}} days.",
  },
  es: {
    today: "¡Su suscripción vence hoy!",
    one: "Su suscripción vence en 1 día.",
    days: "Su suscripción vence en {{count}} días.",
  },
  tr: {
    today: "Aboneliğiniz bugün sona eriyor!",
    one: "Aboneliğinizin bitmesine 1 gün kaldı.",
    days: "Aboneliğinizin bitmesine {{count}} gün kaldı.",
  },
});
