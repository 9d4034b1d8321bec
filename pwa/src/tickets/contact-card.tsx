// The top of the contact drawer: who the contact is (avatar, name, blocked badge, number, e-mail,
// channel) with edit and schedule, and the contact's extra info as the replica holds it.
import type { ContactDTO } from "@chatflow/core/contract/entities.ts";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ScheduleButton } from "../schedules/schedule-button.tsx";
import { Avatar } from "../ui/avatar.tsx";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { EditIcon } from "../ui/icons.tsx";
import type { extraInfoView } from "./contact-drawer-data.ts";

export function ContactCard({
  contact,
  channel,
  onEdit,
}: {
  contact: ContactDTO;
  /** The contact's connection, once its details are held. */
  channel: { name: string } | null | undefined;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="contact-card" aria-label={contact.name}>
      <Avatar name={contact.name} src={contact.urlPicture} size={72} />
      <p className="contact-card-name" data-testid="contact-drawer-name">
        {contact.name}
      </p>
      {!contact.active && (
        <Badge tone="danger" data-testid="contact-blocked-badge">
          {t("contactDrawer.blockedBadge")}
        </Badge>
      )}
      <dl className="contact-card-fields">
        <div>
          <dt>{t("contactDrawer.number")}</dt>
          <dd data-testid="contact-drawer-number">{contact.number}</dd>
        </div>
        {contact.email && (
          <div>
            <dt>{t("contactDrawer.email")}</dt>
            <dd>{contact.email}</dd>
          </div>
        )}
        {channel && (
          <div>
            <dt>{t("contactDrawer.channel")}</dt>
            <dd>{channel.name}</dd>
          </div>
        )}
      </dl>
      <Button size="small" icon={<EditIcon size={16} />} onPress={onEdit} data-testid="contact-edit">
        {t("contactDrawer.edit")}
      </Button>
      {/* spec 1 §2: schedule a message, then on to /schedules. */}
      <ScheduleButton
        contactId={contact.id}
        look="button"
        onSaved={() => navigate(`/schedules?contactId=${contact.id}`)}
      />
    </section>
  );
}

export function ContactExtraInfo({
  extraInfo,
  missing,
}: {
  extraInfo: ReturnType<typeof extraInfoView> | null;
  missing: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section className="drawer-section" aria-labelledby="contact-info-title">
      <h3 id="contact-info-title" className="drawer-section-title">
        {t("contactDrawer.extraInfo")}
      </h3>
      {extraInfo === null ? (
        <p className="drawer-muted">{missing ? t("contactDrawer.notHeld") : t("app.loading")}</p>
      ) : extraInfo.length === 0 ? (
        <p className="drawer-muted">{t("contactDrawer.noExtraInfo")}</p>
      ) : (
        <dl className="contact-card-fields" data-testid="contact-extra-info">
          {extraInfo.map((item, i) => (
            <div key={item.id ?? `new-${i}`}>
              <dt>{item.name}</dt>
              <dd>{item.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
