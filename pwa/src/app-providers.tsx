// What every screen sits in: the router, the error boundary and splash that catch a screen's failure or its
// loading chunk, the toasts, and the update prompt (its own chunk, loaded beside the first screen).
import { type ReactNode, Suspense } from "react";
import { BrowserRouter } from "react-router";
import { ScreenErrorBoundary } from "./layout/screen-error-boundary.tsx";
import { lazyScreen } from "./layout/screen-loader.ts";
import { Splash } from "./ui/splash.tsx";
import { ToastRegion } from "./ui/toast-region.tsx";
import { afterPageLoad } from "./util/yield-to-main.ts";

// The service worker registers once the page has loaded anyway: its code waits for that too, off the first
// screen's requests (issue 24).
const UpdatePrompt = lazyScreen(() => afterPageLoad().then(() => import("./pwa/update-prompt.tsx")), "UpdatePrompt");

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <BrowserRouter>
      <ScreenErrorBoundary>
        <Suspense fallback={<Splash />}>{children}</Suspense>
      </ScreenErrorBoundary>
      <ToastRegion />
      <Suspense>
        <UpdatePrompt />
      </Suspense>
    </BrowserRouter>
  );
}
