// The app shell: the session's start, the providers, and the route table (screen-routes.tsx) laid out as
// react-router routes: public ones for people without a session, private ones in the layout behind RouteGate.
import { Route, Routes } from "react-router";
import { AppProviders } from "./app-providers.tsx";
import { PublicOnly, RequireSession } from "./auth/route-guards.tsx";
import { APP_ROUTES } from "./layout/app-routes.ts";
import { NotFoundPage, RouteGate } from "./layout/route-gate.tsx";
import { AppLayout, PRIVATE_ROUTES, type PrivateRoute, PUBLIC_ROUTES } from "./screen-routes.tsx";
import { useAppBoot } from "./use-app-boot.ts";

export function App() {
  useAppBoot();
  return (
    <AppProviders>
      <AppRoutes />
    </AppProviders>
  );
}

function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicOnly />}>
        {PUBLIC_ROUTES.map(({ path, screen: Screen }) => (
          <Route key={path} path={path} element={<Screen />} />
        ))}
      </Route>
      <Route element={<RequireSession />}>
        <Route element={<AppLayout />}>
          {PRIVATE_ROUTES.map(privateRoute)}
          {/* Known routes whose screens are not built yet: 403 or not found, decided by the same rules. */}
          {APP_ROUTES.filter((r) => !r.built && r.path !== "/").map((r) => (
            <Route key={r.id} path={r.path} element={<RouteGate id={r.id} />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}

// A function, not a component: <Routes> reads its children as <Route> elements.
function privateRoute({ path, screen: Screen, gate, forbidden, planMissing, children }: PrivateRoute) {
  const element = (
    <RouteGate id={gate} forbidden={forbidden} planMissing={planMissing}>
      <Screen />
    </RouteGate>
  );
  const nested = children?.map(({ path: childPath, screen: Child }) =>
    childPath ? (
      <Route key={childPath} path={childPath} element={<Child />} />
    ) : (
      <Route key="index" index element={<Child />} />
    ),
  );
  return path ? (
    <Route key={path} path={path} element={element}>
      {nested}
    </Route>
  ) : (
    <Route key="index" index element={element} />
  );
}
