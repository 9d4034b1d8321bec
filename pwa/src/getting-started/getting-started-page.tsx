// /getting-started (issue 21, decision 0091): a new company's admin lands here after signing in until the company
// has a connection, a queue and a second user, or until they dismiss it. Each step links to its screen and is
// ticked from the company's own data on this device (replica and quick-messages copy), so it works offline too.
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSessionUser } from "../auth/use-session-user.ts";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { ChatIcon, CheckIcon, MessagesIcon, PlugIcon, UsersIcon } from "../ui/icons.tsx";
import { List, ListItem } from "../ui/list-item.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { dismissGettingStarted } from "./dismissal.ts";
import { useSetupFacts } from "./getting-started-data.ts";
import { type SetupStepId, setupSteps } from "./setup-steps.ts";
import "./getting-started.css";

const STEP_ICONS: Record<SetupStepId, typeof PlugIcon> = {
  connection: PlugIcon,
  queue: ChatIcon,
  agent: UsersIcon,
  quickMessages: MessagesIcon,
};

export function GettingStartedPage() {
  const user = useSessionUser();
  if (!user) return null;
  return <GettingStarted companyId={user.companyId} userId={user.id} />;
}

function GettingStarted({ companyId, userId }: { companyId: number; userId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const facts = useSetupFacts(companyId);
  const steps = facts ? setupSteps(facts) : null;
  const done = steps?.filter((s) => s.done).length ?? 0;

  return (
    <div className="page getting-started-page" data-testid="getting-started">
      <h1>{t("gettingStarted.title")}</h1>
      <p className="getting-started-intro">{t("gettingStarted.intro")}</p>
      {!steps ? (
        <Spinner />
      ) : (
        <>
          <p className="getting-started-progress" role="status" data-testid="getting-started-progress">
            {t("gettingStarted.progress", { done, total: steps.length })}
          </p>
          <List label={t("gettingStarted.stepsLabel")} className="getting-started-steps">
            {steps.map((step) => {
              const Icon = STEP_ICONS[step.id];
              const state = step.done ? t("gettingStarted.done") : t("gettingStarted.todo");
              return (
                <ListItem
                  key={step.id}
                  href={step.path}
                  className={step.done ? "getting-started-step is-done" : "getting-started-step"}
                  leading={
                    <span className="getting-started-icon" aria-hidden="true">
                      {step.done ? <CheckIcon /> : <Icon />}
                    </span>
                  }
                  title={t(`gettingStarted.steps.${step.id}.title`)}
                  subtitle={t(`gettingStarted.steps.${step.id}.text`)}
                  meta={<Badge tone={step.done ? "success" : "neutral"}>{state}</Badge>}
                  data-testid={`getting-started-${step.id}`}
                />
              );
            })}
          </List>
        </>
      )}
      <div className="getting-started-actions">
        <Button
          onPress={() => {
            dismissGettingStarted(companyId, userId);
            navigate("/tickets", { replace: true });
          }}
          data-testid="getting-started-dismiss"
        >
          {t("gettingStarted.dismiss")}
        </Button>
      </div>
    </div>
  );
}
