// The frame the public account screens share with the login screen (spec 3 §2 White-label): the brand's logo
// and name above a card with the screen's title, so /signup and /forgetpsw look like /login.
import { brandingFileUrl } from "@chatflow/core/contract/branding.ts";
import { useAtomValue } from "jotai";
import type { FormEvent, ReactNode } from "react";
import { themeAtom } from "../layout/theme.ts";
import { brandingAtom } from "../settings/branding.ts";

export function AccountCard(props: {
  title: string;
  onSubmit: (event: FormEvent) => void;
  testId: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const branding = useAtomValue(brandingAtom);
  const theme = useAtomValue(themeAtom);
  const logo = theme === "dark" ? branding.appLogoDark || branding.appLogoLight : branding.appLogoLight;
  return (
    <main className="login-page">
      <form className="login-card" onSubmit={props.onSubmit} noValidate data-testid={props.testId}>
        {logo && <img className="brand-logo" src={brandingFileUrl(logo)} alt="" />}
        <h1 className="brand">{branding.appName}</h1>
        <h2 className="login-title">{props.title}</h2>
        {props.children}
        {props.footer && <nav className="login-links">{props.footer}</nav>}
      </form>
    </main>
  );
}
