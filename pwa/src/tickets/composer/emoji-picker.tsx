// A compact emoji picker of the app's own (a few hundred bytes of data, no library): loaded
// lazily with the popover, so /tickets' first JavaScript does not carry it.
import { GridList, GridListItem } from "react-aria-components/GridList";
import { useTranslation } from "react-i18next";

// The faces, hands and objects agents use most in customer service.
const EMOJIS =
  "😀 😃 😄 😁 😆 😅 😂 🙂 😉 😊 😇 🥰 😍 😘 😋 😎 🤩 🤗 🤔 🤝 👍 👎 👏 🙌 🙏 💪 👋 ✌️ 👌 🤞 👀 😐 😕 😟 😢 😭 😮 😱 😡 😴 🤒 ❤️ 💙 💚 💛 🧡 💜 🎉 🎁 ✅ ❌ ⚠️ ⭐ 🔥 ✨ 💡 📌 📎 📄 📞 📱 💬 📦 🚚 🛒 💳 💰 🕐 📅 ✔️ ➡️ ⬅️ 🔔 🏠 🌞 🌙 ☕ 🍕".split(
    " ",
  );

export default function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const { t } = useTranslation();
  return (
    <GridList
      aria-label={t("composer.emoji")}
      layout="grid"
      className="composer-emoji-grid"
      onAction={(key) => onPick(String(key))}
      data-testid="emoji-grid"
    >
      {EMOJIS.map((e) => (
        <GridListItem key={e} id={e} textValue={e} className="composer-emoji">
          {e}
        </GridListItem>
      ))}
    </GridList>
  );
}
