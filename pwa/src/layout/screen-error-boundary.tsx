// What a screen shows when it cannot render, most often because its code could not be fetched
// (offline before the service worker held a copy). The rest of the frame stays usable: the menu
// still leads to the screens that work offline. It tries again on a button, when the connection
// returns, and when the person opens another route.
import { Component, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../ui/empty-state.tsx";
import { NativeButton } from "../ui/native-button.tsx";
import { retryFailedScreens } from "./screen-loader.ts";

type Props = { children: ReactNode; resetKey?: string };

export class ScreenErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidMount(): void {
    window.addEventListener("online", this.retry);
  }

  override componentWillUnmount(): void {
    window.removeEventListener("online", this.retry);
  }

  override componentDidUpdate(prev: Props): void {
    if (this.state.failed && prev.resetKey !== this.props.resetKey) this.retry();
  }

  retry = (): void => {
    if (!this.state.failed) return;
    retryFailedScreens();
    this.setState({ failed: false });
  };

  override render(): ReactNode {
    return this.state.failed ? <ScreenLoadError onRetry={this.retry} /> : this.props.children;
  }
}

function ScreenLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" data-testid="screen-error">
      <EmptyState
        level={1}
        title={t("layout.screenError")}
        action={
          <NativeButton variant="primary" onPress={onRetry}>
            {t("layout.tryAgain")}
          </NativeButton>
        }
      >
        {navigator.onLine ? t("layout.screenErrorOnline") : t("layout.screenErrorOffline")}
      </EmptyState>
    </div>
  );
}
