// SELECT lists that read each replicated table in its contract shape.
export const TICKET_COLUMNS = `t.id, t.uuid, t.status, t.channel, t.is_group AS "isGroup", t.is_bot AS "isBot",
  t.contact_id AS "contactId", t.queue_id AS "queueId", t.user_id AS "userId", t.whatsapp_id AS "whatsappId",
  t.unread_messages AS "unreadMessages", t.last_message AS "lastMessage", t.company_id AS "companyId",
  t.created_at AS "createdAt", t.updated_at AS "updatedAt"`;

export const MESSAGE_COLUMNS = `m.id, m.ticket_id AS "ticketId", m.contact_id AS "contactId", m.company_id AS "companyId",
  m.user_id AS "userId", m.body, m.from_me AS "fromMe", m.read, m.media_type AS "mediaType", m.media_url AS "mediaUrl",
  m.data_json AS "dataJson", m.ack, m.is_deleted AS "isDeleted", m.is_edited AS "isEdited",
  m.is_forwarded AS "isForwarded", m.is_private AS "isPrivate", m.quoted_msg_id AS "quotedMsgId",
  m.error_code AS "errorCode", m.created_at AS "createdAt", m.updated_at AS "updatedAt"`;

export const CONTACT_COLUMNS = `c.id, c.name, c.number, c.email, c.url_picture AS "urlPicture", c.active,
  c.accept_audio_message AS "acceptAudioMessage", c.disable_bot AS "disableBot", c.is_group AS "isGroup",
  c.channel, c.whatsapp_id AS "whatsappId", c.company_id AS "companyId", c.updated_at AS "updatedAt"`;

export const QUEUE_COLUMNS = `q.id, q.name, q.color, q.company_id AS "companyId"`;

export const WHATSAPP_COLUMNS = `w.id, w.name, w.channel, w.status, w.is_default AS "isDefault",
  w.group_as_ticket AS "groupAsTicket", w.company_id AS "companyId"`;

export const USER_COLUMNS = `u.id, u.name, u.email, u.profile, u.super, u.company_id AS "companyId",
  u.whatsapp_id AS "whatsappId", u.start_work AS "startWork", u.end_work AS "endWork", u.all_ticket AS "allTicket",
  u.allow_group AS "allowGroup", u.default_theme AS "defaultTheme", u.default_menu AS "defaultMenu",
  u.all_historic AS "allHistoric", u.all_user_chat AS "allUserChat",
  u.user_close_pending_ticket AS "userClosePendingTicket", u.show_dashboard AS "showDashboard",
  u.allow_real_time AS "allowRealTime", u.allow_connections AS "allowConnections", u.online, u.color,
  u.profile_image AS "profileImage", u.default_tickets_manager_width AS "defaultTicketsManagerWidth",
  u.default_theme = 'dark' AS "darkMode"`;

/** A user's queues as spec 1 §3 names them (id, name, color), for the replica's user rows. */
export const USER_QUEUES_JSON = `COALESCE((SELECT json_agg(json_build_object('id', q.id, 'name', q.name, 'color', q.color)
    ORDER BY q.id) FROM user_queues uq JOIN queues q ON q.id = uq.queue_id WHERE uq.user_id = u.id), '[]') AS queues`;
