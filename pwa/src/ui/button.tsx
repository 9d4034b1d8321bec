// Buttons of the kit: one look per variant, styled by the states react-aria exposes
// ([data-hovered], [data-pressed], [data-focus-visible]). Screens never style a raw button.
import type { ReactNode } from "react";
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from "react-aria-components/Button";
import { Link as AriaLink, type LinkProps as AriaLinkProps } from "react-aria-components/Link";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";

export type ButtonProps = Omit<AriaButtonProps, "className" | "style"> & {
  variant?: ButtonVariant;
  /** Compact height for toolbars and rows. */
  size?: "normal" | "small";
  /** Extra class for layout only (margins, grid placement); the look comes from the variant. */
  className?: string;
  /** An icon before the label (decorative: the label names the button). */
  icon?: ReactNode;
};

export function Button({ variant = "secondary", size = "normal", className, icon, children, ...props }: ButtonProps) {
  return (
    <AriaButton
      {...props}
      className={className ? `button ${className}` : "button"}
      data-variant={variant}
      data-size={size}
    >
      {(render) => (
        <>
          {render.isPending ? <span className="button-spinner" aria-hidden="true" /> : icon}
          {typeof children === "function" ? children(render) : children}
        </>
      )}
    </AriaButton>
  );
}

export type IconButtonProps = Omit<AriaButtonProps, "className" | "style" | "children" | "aria-label"> & {
  /** The accessible name: an icon alone says nothing to a screen reader. Also shown as the tooltip. */
  label: string;
  children: ReactNode;
  variant?: ButtonVariant;
  className?: string;
  /** Shows the label as the native tooltip (default true). */
  showTitle?: boolean;
};

export function IconButton({
  label,
  children,
  variant = "ghost",
  className,
  showTitle = true,
  ...props
}: IconButtonProps) {
  return (
    <AriaButton
      {...props}
      aria-label={label}
      className={className ? `icon-button ${className}` : "icon-button"}
      data-variant={variant}
      // Speech users say what they see: the tooltip shows the same words as the name.
      {...(showTitle ? { title: label } : {})}
    >
      {children}
    </AriaButton>
  );
}

export type LinkButtonProps = Omit<AriaLinkProps, "className" | "style" | "children"> & {
  variant?: ButtonVariant;
  size?: "normal" | "small";
  className?: string;
  icon?: ReactNode;
  children: ReactNode;
};

/**
 * A link that looks like a button: it goes to another page (a payment provider's, in a new tab) rather than acting
 * here, so it is an <a> for the browser and assistive technology, with a button's look.
 */
export function LinkButton({
  variant = "secondary",
  size = "normal",
  className,
  icon,
  children,
  ...props
}: LinkButtonProps) {
  return (
    <AriaLink
      {...props}
      className={className ? `button ${className}` : "button"}
      data-variant={variant}
      data-size={size}
    >
      {icon}
      {children}
    </AriaLink>
  );
}
