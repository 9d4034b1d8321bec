// The contact drawer's switches (chatbot, audio) and block/unblock: each change queued through the outbox.
import type { ContactDTO } from "@chatflow/core/contract/entities.ts";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/button.tsx";
import { LockIcon } from "../ui/icons.tsx";
import { Switch } from "../ui/toggles.tsx";
import { queue } from "./contact-drawer-queue.ts";
import { useContactWrites } from "./tickets-data.ts";

export function ContactSwitches({ contact }: { contact: ContactDTO }) {
  const { t } = useTranslation();
  const writes = useContactWrites();
  return (
    <section className="drawer-section contact-switches">
      <Switch
        isSelected={contact.disableBot}
        onChange={() => void queue(() => writes.toggleDisableBot(contact))}
        data-testid="contact-disable-bot"
      >
        {t("contactDrawer.disableBot")}
      </Switch>
      <Switch
        isSelected={contact.acceptAudioMessage}
        onChange={() => void queue(() => writes.toggleAcceptAudio(contact))}
        data-testid="contact-accept-audio"
      >
        {t("contactDrawer.acceptAudio")}
      </Switch>
      <Button
        variant={contact.active ? "danger" : "secondary"}
        size="small"
        icon={<LockIcon size={16} />}
        onPress={() =>
          void queue(
            () => writes.block(contact, !contact.active),
            contact.active ? t("contactDrawer.blocked") : t("contactDrawer.unblocked"),
          )
        }
        data-testid="contact-block"
      >
        {contact.active ? t("contactDrawer.block") : t("contactDrawer.unblock")}
      </Button>
    </section>
  );
}
