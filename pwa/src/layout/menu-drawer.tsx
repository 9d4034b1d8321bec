// The side menu on a phone (decision 0087): a modal drawer from the left, opened by the top bar's menu button.
// Escape, a tap outside or the close button closes it (and so does the system back, menu-drawer-state.ts); focus
// moves in while it is open and returns to the menu button after.
import type { ReactNode } from "react";
import { Dialog } from "react-aria-components/Dialog";
import { Modal, ModalOverlay } from "react-aria-components/Modal";
import { useTranslation } from "react-i18next";
import { IconButton } from "../ui/button.tsx";
import { CloseIcon } from "../ui/icons.tsx";

export function MenuDrawer({
  isOpen,
  onClose,
  children,
}: {
  isOpen: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ModalOverlay
      className="menu-drawer-overlay"
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      isDismissable
    >
      <Modal className="menu-drawer">
        <Dialog className="menu-drawer-dialog" aria-label={t("layout.mainMenu")} data-testid="menu-drawer">
          <header className="menu-drawer-header">
            <span className="menu-drawer-brand">{t("app.name")}</span>
            <IconButton label={t("layout.closeMenu")} onPress={onClose} data-testid="menu-drawer-close">
              <CloseIcon />
            </IconButton>
          </header>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
