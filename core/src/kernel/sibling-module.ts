// A module next to the caller, for worker threads: `.ts` when core runs from its sources (tests, development),
// `.js` when it runs from its build (`core/dist`, `npm start`; decision 0075).
export function siblingModule(callerUrl: string, name: string): URL {
  return new URL(`./${name}${callerUrl.endsWith(".ts") ? ".ts" : ".js"}`, callerUrl);
}
