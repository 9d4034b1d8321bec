// The cheat sheet ('?'): every shortcut of keys.ts by group, with its keys as this platform prints them
// (⌥ and ⌘ on a Mac, Alt and Ctrl elsewhere). A modal dialog: Escape or the close button dismisses it.
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../ui/dialog.tsx";
import { ariaKeys, type Chord, chordKeys, isMacPlatform, SHORTCUT_GROUPS, SHORTCUTS } from "./keys.ts";

export function CheatSheet({ onClose, mac = isMacPlatform(navigator) }: { onClose: () => void; mac?: boolean }) {
  const { t } = useTranslation();
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={t("shortcuts.sheet.title")}
      size="large"
      data-testid="cheat-sheet"
    >
      <p className="dialog-message">{t("shortcuts.sheet.intro")}</p>
      {/* Focusable: on a small screen the sheet scrolls, and the keyboard must reach what scrolls (axe). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by Tab to be scrolled by keys. */}
      <section className="cheat-sheet-groups" aria-label={t("shortcuts.sheet.title")} tabIndex={0}>
        {SHORTCUT_GROUPS.map((group) => (
          <table key={group} className="cheat-sheet-table">
            <caption>{t(`shortcuts.group.${group}`)}</caption>
            <tbody>
              {SHORTCUTS.filter((s) => s.group === group).map((s) => (
                <tr key={s.id} data-testid={`cheat-sheet-${s.id}`}>
                  <th scope="row">{t(`shortcuts.action.${s.id}`)}</th>
                  <td>
                    {s.chords.map((chord, i) => (
                      <Fragment key={ariaKeys(chord, mac)}>
                        {i > 0 && <span className="cheat-sheet-or"> {t("shortcuts.sheet.or")} </span>}
                        <Keys chord={chord} mac={mac} />
                      </Fragment>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </section>
    </Modal>
  );
}

/** A chord as key caps: <kbd><kbd>⌥</kbd><kbd>J</kbd></kbd> (HTML's way of writing a key combination). */
export function Keys({ chord, mac }: { chord: Chord; mac: boolean }) {
  const keys = chordKeys(chord, mac);
  return (
    <kbd className="shortcut-keys">
      {keys.map((k, i) => (
        <Fragment key={k}>
          {i > 0 && !mac && <span aria-hidden="true">+</span>}
          <kbd className="shortcut-key">{k}</kbd>
        </Fragment>
      ))}
    </kbd>
  );
}
