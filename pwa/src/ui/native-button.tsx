// The one button drawn without react-aria: the shell's "this screen could not load" state
// (layout/screen-error-boundary.tsx) must not depend on code that is not in the entry chunk,
// and react-aria's Button would put ~12 KB gzip in front of every first load for that one
// rarely seen button. A native <button> has the keyboard and the role by itself; the kit's
// look comes from the same classes, its states from CSS pseudo-classes. Use Button elsewhere.
import type { ReactNode } from "react";
import type { ButtonVariant } from "./button.tsx";

export function NativeButton({
  variant = "secondary",
  onPress,
  children,
}: {
  variant?: ButtonVariant;
  onPress: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className="button native-button" data-variant={variant} data-size="normal" onClick={onPress}>
      {children}
    </button>
  );
}
