// Top bar (spec 1 §2): menu toggle, brand, online/outbox status, notifications, sound
// volume, theme toggle, reload, and the profile menu (profile modal, logout). On a phone
// (decision 0087) it holds four actions at most: the menu, the bell, the internal chat and
// one overflow menu with the rest (announcements, volume, theme, reload, profile, logout).
import { useAtom } from "jotai";
import { lazy, Suspense, useRef, useState } from "react";
import { Dialog } from "react-aria-components/Dialog";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import {
  AnnouncementsFeedList,
  AnnouncementsPopover,
  useAnnouncementsPanel,
} from "../announcements/announcements-popover.tsx";
import { sessionDeps } from "../app-services.ts";
import { signOut } from "../auth/session.ts";
import { useSessionUser } from "../auth/use-session-user.ts";
import { ChatsPopover } from "../chats/chats-popover.tsx";
import { Avatar } from "../ui/avatar.tsx";
import { Button, IconButton } from "../ui/button.tsx";
import {
  LockIcon,
  LogoutIcon,
  MegaphoneIcon,
  MenuIcon,
  MoonIcon,
  MoreIcon,
  RefreshIcon,
  SunIcon,
  UserIcon,
  VolumeIcon,
  VolumeOffIcon,
} from "../ui/icons.tsx";
import { Menu, MenuItem, MenuSeparator, MenuTrigger } from "../ui/menu.tsx";
import { DialogTrigger, Popover, PopoverDialog } from "../ui/popover.tsx";
import { Slider } from "../ui/slider.tsx";
import { ConnectionStatus } from "./connection-status.tsx";
import { NotificationsPopover } from "./notifications-popover.tsx";
import { volumeAtom } from "./sound.ts";
import { persistedThemeAtom } from "./theme.ts";

// Opened on demand: its form rules (the contract's zod schemas) load only then.
const ProfileModal = lazy(() => import("./profile-modal.tsx").then((m) => ({ default: m.ProfileModal })));

type Props = { menuOpen: boolean; onToggleMenu: () => void /** The phone's bar (decision 0087). */; phone?: boolean };

export function TopBar({ menuOpen, onToggleMenu, phone = false }: Props) {
  const { t } = useTranslation();
  return (
    <header className="top-bar">
      <IconButton
        label={menuOpen ? t("layout.closeMenu") : t("layout.openMenu")}
        aria-expanded={menuOpen}
        // On a phone the menu is a drawer that exists only while open.
        aria-controls={phone && !menuOpen ? undefined : "side-menu"}
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
      {phone ? (
        <MoreMenu />
      ) : (
        <>
          <AnnouncementsPopover />
          <VolumeControl />
          <ThemeToggle />
          <IconButton label={t("layout.reload")} onPress={() => window.location.reload()} data-testid="reload">
            <RefreshIcon />
          </IconButton>
          <ProfileMenu />
        </>
      )}
    </header>
  );
}

function ThemeToggle() {
  const { t } = useTranslation();
  const [theme, setTheme] = useAtom(persistedThemeAtom);
  return (
    <IconButton
      label={theme === "dark" ? t("layout.themeToLight") : t("layout.themeToDark")}
      data-testid="theme-toggle"
      onPress={() => setTheme(theme === "dark" ? "light" : "dark")}
    >
      {theme === "dark" ? <SunIcon /> : <MoonIcon />}
    </IconButton>
  );
}

function VolumeSlider() {
  const { t } = useTranslation();
  const [volume, setVolume] = useAtom(volumeAtom);
  return (
    <Slider
      label={t("layout.volume")}
      value={volume}
      onChange={setVolume}
      formatValue={(v) => `${v}%`}
      data-testid="volume-slider"
    />
  );
}

function VolumeControl() {
  const { t } = useTranslation();
  const [volume] = useAtom(volumeAtom);
  return (
    <DialogTrigger>
      <IconButton label={t("layout.volume")} data-testid="volume-button">
        {volume === 0 ? <VolumeOffIcon /> : <VolumeIcon />}
      </IconButton>
      <PopoverDialog label={t("layout.volume")} className="volume-popover">
        <VolumeSlider />
      </PopoverDialog>
    </DialogTrigger>
  );
}

type Panel = "announcements" | "volume";

/** The phone's overflow menu. Announcements and volume open as a panel under the same button. */
function MoreMenu() {
  const { t } = useTranslation();
  const [theme, setTheme] = useAtom(persistedThemeAtom);
  const [volume] = useAtom(volumeAtom);
  const announcements = useAnnouncementsPanel();
  const [panel, setPanel] = useState<Panel | null>(null);
  const [profileOpen, setProfileOpen] = useState(false);
  const navigate = useNavigate();
  const anchor = useRef<HTMLSpanElement>(null);
  const { count } = announcements;
  const announcementsLabel =
    count > 0 ? t("announcementsPage.popover.labelWithCount", { count }) : t("announcementsPage.popover.label");
  const moreLabel = count > 0 ? `${t("layout.more")} (${announcementsLabel})` : t("layout.more");
  return (
    <>
      <MenuTrigger>
        <IconButton label={moreLabel} className="top-bar-notifications" data-testid="top-bar-more">
          <MoreIcon />
          {count > 0 && <span className="top-bar-dot" aria-hidden="true" data-testid="top-bar-more-dot" />}
        </IconButton>
        <Menu
          label={t("layout.more")}
          onAction={(key) => {
            if (key === "announcements") {
              announcements.markOpened();
              setPanel("announcements");
            }
            if (key === "volume") setPanel("volume");
            if (key === "theme") setTheme(theme === "dark" ? "light" : "dark");
            if (key === "reload") window.location.reload();
            if (key === "profile") setProfileOpen(true);
            if (key === "security") navigate("/security");
            if (key === "logout") void signOut(sessionDeps);
          }}
        >
          <MenuItem id="announcements" icon={<MegaphoneIcon size={18} />} data-testid="announcements-button">
            {announcementsLabel}
          </MenuItem>
          <MenuItem
            id="volume"
            icon={volume === 0 ? <VolumeOffIcon size={18} /> : <VolumeIcon size={18} />}
            data-testid="volume-button"
          >
            {`${t("layout.volume")}: ${volume}%`}
          </MenuItem>
          <MenuItem
            id="theme"
            icon={theme === "dark" ? <SunIcon size={18} /> : <MoonIcon size={18} />}
            data-testid="theme-toggle"
          >
            {theme === "dark" ? t("layout.themeToLight") : t("layout.themeToDark")}
          </MenuItem>
          <MenuItem id="reload" icon={<RefreshIcon size={18} />} data-testid="reload">
            {t("layout.reload")}
          </MenuItem>
          <MenuSeparator />
          <MenuItem id="profile" icon={<UserIcon size={18} />} data-testid="profile-open">
            {t("layout.profile")}
          </MenuItem>
          <MenuItem id="security" icon={<LockIcon size={18} />} data-testid="security-open">
            {t("twoFactor.title")}
          </MenuItem>
          <MenuItem id="logout" icon={<LogoutIcon size={18} />} data-testid="logout">
            {t("layout.logout")}
          </MenuItem>
        </Menu>
      </MenuTrigger>
      <span ref={anchor} className="top-bar-anchor" />
      <Popover
        triggerRef={anchor}
        isOpen={panel !== null}
        onOpenChange={(open) => !open && setPanel(null)}
        placement="bottom end"
        className={`popover-dialog ${panel === "volume" ? "volume-popover" : "announcements-popover"}`}
      >
        <Dialog
          className="popover-dialog-content"
          aria-label={panel === "volume" ? t("layout.volume") : t("announcementsPage.popover.label")}
          data-testid={panel === "volume" ? "volume-popover" : "announcements-popover"}
        >
          {panel === "volume" ? (
            <VolumeSlider />
          ) : (
            <>
              <h2 className="popover-title">{t("announcementsPage.popover.label")}</h2>
              <AnnouncementsFeedList records={announcements.records} online={announcements.online} />
            </>
          )}
        </Dialog>
      </Popover>
      {profileOpen && (
        <Suspense>
          <ProfileModal isOpen={profileOpen} onOpenChange={setProfileOpen} />
        </Suspense>
      )}
    </>
  );
}

function ProfileMenu() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [profileOpen, setProfileOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <MenuTrigger>
        {/* Named by its visible text (the avatar is decorative): what speech users see is what they say.
            Between phone and desk widths the name is visually hidden, not removed, so the button keeps it. */}
        <Button variant="ghost" className="top-bar-profile" data-testid="profile-menu-button">
          {user ? <Avatar name={user.name} src={user.profileImage} size={30} /> : <UserIcon />}
          <span className="top-bar-user">{user?.name ?? t("layout.profileMenu")}</span>
        </Button>
        <Menu
          label={t("layout.profileMenu")}
          onAction={(key) => {
            if (key === "profile") setProfileOpen(true);
            if (key === "security") navigate("/security");
            if (key === "logout") void signOut(sessionDeps);
          }}
        >
          <MenuItem id="profile" icon={<UserIcon size={18} />} data-testid="profile-open">
            {t("layout.profile")}
          </MenuItem>
          <MenuItem id="security" icon={<LockIcon size={18} />} data-testid="security-open">
            {t("twoFactor.title")}
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
