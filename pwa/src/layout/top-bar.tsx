// Top bar (spec 1 §2): menu toggle, brand, online/outbox status, notifications, sound
// volume, theme toggle, reload, and the profile menu (profile modal, logout).
import { useAtom } from "jotai";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { AnnouncementsPopover } from "../announcements/announcements-popover.tsx";
import { sessionDeps } from "../app-services.ts";
import { signOut } from "../auth/session.ts";
import { useSessionUser } from "../auth/use-session-user.ts";
import { ChatsPopover } from "../chats/chats-popover.tsx";
import { Avatar } from "../ui/avatar.tsx";
import { Button, IconButton } from "../ui/button.tsx";
import {
  LogoutIcon,
  MenuIcon,
  MoonIcon,
  RefreshIcon,
  SunIcon,
  UserIcon,
  VolumeIcon,
  VolumeOffIcon,
} from "../ui/icons.tsx";
import { Menu, MenuItem, MenuTrigger } from "../ui/menu.tsx";
import { DialogTrigger, PopoverDialog } from "../ui/popover.tsx";
import { Slider } from "../ui/slider.tsx";
import { ConnectionStatus } from "./connection-status.tsx";
import { NotificationsPopover } from "./notifications-popover.tsx";
import { volumeAtom } from "./sound.ts";
import { persistedThemeAtom } from "./theme.ts";

// Opened on demand: its form rules (the contract's zod schemas) load only then.
const ProfileModal = lazy(() => import("./profile-modal.tsx").then((m) => ({ default: m.ProfileModal })));

type Props = { menuOpen: boolean; onToggleMenu: () => void };

export function TopBar({ menuOpen, onToggleMenu }: Props) {
  const { t } = useTranslation();
  const [theme, setTheme] = useAtom(persistedThemeAtom);
  return (
    <header className="top-bar">
      <IconButton
        label={menuOpen ? t("layout.closeMenu") : t("layout.openMenu")}
        aria-expanded={menuOpen}
        aria-controls="side-menu"
        onPress={onToggleMenu}
        data-testid="menu-toggle"
      >
        <MenuIcon />
      </IconButton>
      <span className="top-bar-brand">{t("app.name")}</span>
      <span className="top-bar-spacer" />
      <ConnectionStatus />
      <NotificationsPopover />
      <ChatsPopover />
      <AnnouncementsPopover />
      <VolumeControl />
      <IconButton
        label={theme === "dark" ? t("layout.themeToLight") : t("layout.themeToDark")}
        data-testid="theme-toggle"
        onPress={() => setTheme(theme === "dark" ? "light" : "dark")}
      >
        {theme === "dark" ? <SunIcon /> : <MoonIcon />}
      </IconButton>
      <IconButton label={t("layout.reload")} onPress={() => window.location.reload()} data-testid="reload">
        <RefreshIcon />
      </IconButton>
      <ProfileMenu />
    </header>
  );
}

function VolumeControl() {
  const { t } = useTranslation();
  const [volume, setVolume] = useAtom(volumeAtom);
  return (
    <DialogTrigger>
      <IconButton label={t("layout.volume")} data-testid="volume-button">
        {volume === 0 ? <VolumeOffIcon /> : <VolumeIcon />}
      </IconButton>
      <PopoverDialog label={t("layout.volume")} className="volume-popover">
        <Slider
          label={t("layout.volume")}
          value={volume}
          onChange={setVolume}
          formatValue={(v) => `${v}%`}
          data-testid="volume-slider"
        />
      </PopoverDialog>
    </DialogTrigger>
  );
}

function ProfileMenu() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [profileOpen, setProfileOpen] = useState(false);
  return (
    <>
      <MenuTrigger>
        {/* Named by its visible text (the avatar is decorative): what speech users see is what they say.
            On phones the name is visually hidden, not removed, so the button keeps it. */}
        <Button variant="ghost" className="top-bar-profile" data-testid="profile-menu-button">
          {user ? <Avatar name={user.name} src={user.profileImage} size={30} /> : <UserIcon />}
          <span className="top-bar-user">{user?.name ?? t("layout.profileMenu")}</span>
        </Button>
        <Menu
          label={t("layout.profileMenu")}
          onAction={(key) => {
            if (key === "profile") setProfileOpen(true);
            if (key === "logout") void signOut(sessionDeps);
          }}
        >
          <MenuItem id="profile" icon={<UserIcon size={18} />} data-testid="profile-open">
            {t("layout.profile")}
          </MenuItem>
          <MenuItem id="logout" icon={<LogoutIcon size={18} />} data-testid="logout">
            {t("layout.logout")}
          </MenuItem>
        </Menu>
      </MenuTrigger>
      {profileOpen && (
        <Suspense>
          <ProfileModal isOpen={profileOpen} onOpenChange={setProfileOpen} />
        </Suspense>
      )}
    </>
  );
}
