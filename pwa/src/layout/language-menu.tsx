// Language picker: a keyboard-usable menu (react-aria) listing the four languages.
import { Button } from "react-aria-components/Button";
import { Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components/Menu";
import { useTranslation } from "react-i18next";
import { changeLanguage, LANGUAGES, type Language } from "../i18n/i18n.ts";
import { GlobeIcon } from "../ui/icons.tsx";

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  return (
    <MenuTrigger>
      <Button
        className="icon-button"
        // The name holds the visible code too, so speech users can say what they see.
        aria-label={`${t("layout.language")} ${i18n.language}`}
        data-testid="language-menu"
      >
        <GlobeIcon />
        <span className="language-code">{i18n.language}</span>
      </Button>
      <Popover className="popover" placement="bottom end">
        <Menu
          className="menu"
          aria-label={t("layout.language")}
          selectionMode="single"
          selectedKeys={[i18n.language]}
          onAction={(key) => void changeLanguage(key as Language)}
        >
          {LANGUAGES.map((language) => (
            <MenuItem key={language} id={language} className="menu-item" lang={language}>
              {t(`languages.${language}`)}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
