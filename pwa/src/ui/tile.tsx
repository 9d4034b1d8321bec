// A card of a grid that is one button (a help video: its picture, title and description): the whole card is the
// press target, with one tab stop and the title as its name. Styled by react-aria's states like the buttons.
import type { ReactNode } from "react";
import { Button as AriaButton } from "react-aria-components/Button";

export function Tile({
  media,
  title,
  description,
  note,
  onPress,
  isDisabled = false,
  "aria-label": ariaLabel,
  className,
  "data-testid": testId,
}: {
  /** A picture above the text (decorative: the title names the tile). */
  media?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** A short line under the description (why the tile cannot be opened now). */
  note?: ReactNode;
  onPress: () => void;
  isDisabled?: boolean;
  /** The accessible name when the visible title is not enough. */
  "aria-label"?: string;
  className?: string;
  "data-testid"?: string;
}) {
  return (
    <AriaButton
      className={className ? `tile ${className}` : "tile"}
      onPress={onPress}
      isDisabled={isDisabled}
      aria-label={ariaLabel}
      data-testid={testId}
    >
      {media && (
        <span className="tile-media" aria-hidden="true">
          {media}
        </span>
      )}
      <span className="tile-text">
        <span className="tile-title">{title}</span>
        {description && <span className="tile-description">{description}</span>}
        {note && <span className="tile-note">{note}</span>}
      </span>
    </AriaButton>
  );
}
