// Dialogflow integrations (spec 2 §3 Integration; decision 0056): the contact's text goes to the agent's
// detectIntent (ES, v2) under the project's service-account credentials, and the fulfillment's texts go back.
// An intent that ends the interaction hands the ticket over to a person. The credentials' token_uri is tenant
// input: it goes through the same address check as a webhook's URL.
import { createSign } from "node:crypto";
import { assertOk, OutboundError, type OutboundOptions, postJson } from "./outbound-http.ts";
import type { StepOutcome, StepRow, TicketContext } from "./step-context.ts";

export const DIALOGFLOW_BASE_URL = "https://dialogflow.googleapis.com";
const GOOGLE_TOKEN_URI = "https://oauth2.googleapis.com/token";
const SCOPE = "https://www.googleapis.com/auth/cloud-platform";

export type DialogflowIntegration = { projectName: string | null; jsonContent: string | null; language: string | null };

type ServiceAccount = { client_email: string; private_key: string; token_uri?: string };

const b64url = (data: string | Buffer) => Buffer.from(data).toString("base64url");

/** A signed JWT asking Google for an access token (RFC 7523, the service-account flow). */
export function serviceAccountAssertion(key: ServiceAccount, now: Date): string {
  const iat = Math.floor(now.getTime() / 1000);
  const head = b64url(JSON.stringify({ alg: "RS256", typ: "JWT" }));
  const claims = b64url(
    JSON.stringify({
      iss: key.client_email,
      scope: SCOPE,
      aud: key.token_uri ?? GOOGLE_TOKEN_URI,
      iat,
      exp: iat + 3600,
    }),
  );
  const signature = createSign("RSA-SHA256").update(`${head}.${claims}`).sign(key.private_key);
  return `${head}.${claims}.${b64url(signature)}`;
}

function parseKey(json: string | null): ServiceAccount {
  try {
    const key = JSON.parse(json ?? "") as ServiceAccount;
    if (typeof key.client_email === "string" && typeof key.private_key === "string") return key;
  } catch {
    // Answered below.
  }
  throw new OutboundError("The Dialogflow credentials are not a service account key", false);
}

export async function runDialogflow(
  step: StepRow,
  ticket: TicketContext,
  integration: DialogflowIntegration,
  opts: OutboundOptions & { dialogflowBaseUrl: string },
  now: Date,
): Promise<StepOutcome> {
  if (step.body.trim() === "" || !integration.projectName) return { texts: [] };
  const key = parseKey(integration.jsonContent);
  const assertion = serviceAccountAssertion(key, now);
  const token = await postJson(
    key.token_uri ?? GOOGLE_TOKEN_URI,
    new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }).toString(),
    { "content-type": "application/x-www-form-urlencoded" },
    opts,
  );
  assertOk(token, "Google's token endpoint");
  const accessToken = (JSON.parse(token.body) as { access_token?: string }).access_token;
  if (!accessToken) throw new OutboundError("Google answered no access token", true);
  const base = opts.dialogflowBaseUrl.replace(/\/+$/, "");
  const project = encodeURIComponent(integration.projectName);
  // The platform's Dialogflow root is configuration, not tenant input.
  const answer = await postJson(
    `${base}/v2/projects/${project}/agent/sessions/ticket-${ticket.id}:detectIntent`,
    { queryInput: { text: { text: step.body.slice(0, 256), languageCode: integration.language ?? "pt-BR" } } },
    { authorization: `Bearer ${accessToken}` },
    { ...opts, allowPrivateTargets: true },
  );
  assertOk(answer, "Dialogflow");
  const result = (
    JSON.parse(answer.body) as {
      queryResult?: {
        fulfillmentText?: string;
        fulfillmentMessages?: { text?: { text?: string[] } }[];
        intent?: { endInteraction?: boolean };
      };
    }
  ).queryResult;
  const messages = (result?.fulfillmentMessages ?? []).flatMap((m) => m.text?.text ?? []).filter((t) => t.trim());
  const texts = messages.length > 0 ? messages : result?.fulfillmentText ? [result.fulfillmentText] : [];
  if (result?.intent?.endInteraction) return { texts, handover: true };
  return { texts, session: { integrationId: step.integrationId, sessionId: null, choices: null } };
}
