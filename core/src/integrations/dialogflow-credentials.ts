// POST /queueIntegration/testSession (spec 2 §7; its answer's shape is not shown): checks, without calling
// Google, that the JSON is a service account key for the named project. Detecting intents needs Google's API,
// which this build does not call (decision 0056).
import { invalidInput } from "../kernel/errors.ts";

export type TestSessionAnswer = { ok: true; projectId: string; clientEmail: string; language: string };

export function checkDialogflowCredentials(input: {
  projectName: string;
  jsonContent: string;
  language: string;
}): TestSessionAnswer {
  let key: Record<string, unknown>;
  try {
    key = JSON.parse(input.jsonContent) as Record<string, unknown>;
  } catch {
    throw invalidInput("Not a JSON document", "jsonContent");
  }
  if (key === null || typeof key !== "object" || key.type !== "service_account") {
    throw invalidInput("Not a service account key", "jsonContent");
  }
  const { project_id: projectId, client_email: clientEmail, private_key: privateKey } = key;
  if (typeof clientEmail !== "string" || typeof privateKey !== "string" || !privateKey.includes("PRIVATE KEY")) {
    throw invalidInput("The key lacks client_email or private_key", "jsonContent");
  }
  if (projectId !== input.projectName) throw invalidInput("The key is for another project", "projectName");
  return { ok: true, projectId, clientEmail, language: input.language };
}
