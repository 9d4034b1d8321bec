// The checklist's "dismiss", kept on this device per company and user (decision 0091): it works offline and needs
// no server column; another device shows the checklist again until the company is set up there too.
const key = (companyId: number, userId: number) => `chatflow:getting-started-dismissed:${companyId}:${userId}`;

export function isGettingStartedDismissed(companyId: number, userId: number, storage?: Storage): boolean {
  try {
    return (storage ?? localStorage).getItem(key(companyId, userId)) === "1";
  } catch {
    return false;
  }
}

export function dismissGettingStarted(companyId: number, userId: number, storage?: Storage): void {
  try {
    (storage ?? localStorage).setItem(key(companyId, userId), "1");
  } catch {
    // Storage refused (private mode, full): the checklist shows again next time, nothing else is lost.
  }
}
