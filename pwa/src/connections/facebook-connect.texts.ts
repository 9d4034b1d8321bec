// Texts of the Facebook/Instagram connect dialog (decision 0052), mounted as t("facebookConnect.*").
import { defineTexts } from "../i18n/define-texts.ts";

export const texts = defineTexts("facebookConnect", {
  "pt-BR": {
    titleFacebook: "Conectar páginas do Facebook",
    titleInstagram: "Conectar contas do Instagram",
    intro:
      "Informe o ID de usuário e o token de acesso do Facebook de quem administra as páginas. Cada página vira uma conexão.",
    userId: "ID do usuário do Facebook",
    userToken: "Token de acesso do usuário",
    addInstagram: "Adicionar também as contas do Instagram vinculadas às páginas",
    connect: "Conectar",
    cancel: "Cancelar",
    connected: "{{count}} conexão(ões) criada(s) ou atualizada(s).",
    tokenRefused: "O Facebook não aceitou este token.",
    noPage: "Nenhuma página do Facebook encontrada para este usuário.",
    invalidId: "ID inválido: use apenas números.",
    invalidToken: "Token inválido.",
  },
  en: {
    titleFacebook: "Connect Facebook pages",
    titleInstagram: "Connect Instagram accounts",
    intro:
      "Enter the Facebook user id and access token of the person who manages the pages. Each page becomes a connection.",
    userId: "Facebook user id",
    userToken: "User access token",
    addInstagram: "Also add the Instagram accounts linked to the pages",
    connect: "Connect",
    cancel: "Cancel",
    connected: "{{count}} connection(s) created or updated.",
    tokenRefused: "Facebook did not accept this token.",
    noPage: "No Facebook page found for this user.",
    invalidId: "Invalid id: digits only.",
    invalidToken: "Invalid token.",
  },
  es: {
    titleFacebook: "Conectar páginas de Facebook",
    titleInstagram: "Conectar cuentas de Instagram",
    intro:
      "Indique el ID de usuario y el token de acceso de Facebook de quien administra las páginas. Cada página será una conexión.",
    userId: "ID de usuario de Facebook",
    userToken: "Token de acceso del usuario",
    addInstagram: "Agregar también las cuentas de Instagram vinculadas a las páginas",
    connect: "Conectar",
    cancel: "Cancelar",
    connected: "{{count}} conexión(es) creada(s) o actualizada(s).",
    tokenRefused: "Facebook no aceptó este token.",
    noPage: "No se encontró ninguna página de Facebook para este usuario.",
    invalidId: "ID inválido: solo números.",
    invalidToken: "Token inválido.",
  },
  tr: {
    titleFacebook: "Facebook sayfalarını bağla",
    titleInstagram: "Instagram hesaplarını bağla",
    intro:
      "Sayfaları yöneten kişinin Facebook kullanıcı kimliğini ve erişim jetonunu girin. Her sayfa bir bağlantı olur.",
    userId: "Facebook kullanıcı kimliği",
    userToken: "Kullanıcı erişim jetonu",
    addInstagram: "Sayfalara bağlı Instagram hesaplarını da ekle",
    connect: "Bağla",
    cancel: "İptal",
    connected: "{{count}} bağlantı oluşturuldu veya güncellendi.",
    tokenRefused: "Facebook bu jetonu kabul etmedi.",
    noPage: "Bu kullanıcı için Facebook sayfası bulunamadı.",
    invalidId: "Geçersiz kimlik: yalnızca rakam.",
    invalidToken: "Geçersiz jeton.",
  },
});
